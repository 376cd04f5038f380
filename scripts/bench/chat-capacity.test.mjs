import { describe, expect, it } from 'vitest';
import { capacityRatios } from './chat-capacity.mjs';
import { median } from './statistics.mjs';

describe('median', () => {
  it('takes the middle value, the upper middle of an even count, and leaves out missing values', () => {
    expect(median([3600, 3000, 4400])).toBe(3600);
    expect(median([5, 1, 4, 2])).toBe(4);
    expect(median([undefined, 7])).toBe(7);
    expect(median([])).toBeUndefined();
  });
});

describe('capacityRatios', () => {
  it('pairs the ramps in order and takes the median ratio, so one stalled ramp does not decide it', () => {
    const ours = { ramps: [{ held: 3600 }, { held: 1500 }, { held: 3400 }] };
    const peer = { ramps: [{ held: 4400 }, { held: 4800 }, { held: 4000 }] };
    const { ratios, median: middle } = capacityRatios(ours, peer);
    expect(ratios.map((ratio) => Math.round(ratio * 100) / 100)).toEqual([0.82, 0.31, 0.85]);
    expect(middle).toBeCloseTo(3600 / 4400);
  });

  it('has no ratio for a ramp the peer held nothing in', () => {
    const { ratios, median: middle } = capacityRatios(
      { ramps: [{ held: 100 }, { held: 200 }] },
      { ramps: [{ held: 0 }, { held: 400 }] },
    );
    expect(ratios).toEqual([undefined, 0.5]);
    expect(middle).toBe(0.5);
  });
});
