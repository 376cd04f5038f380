import { describe, expect, it } from 'vitest';
import { cpuMicrosecondsPerRequest, parseProcessStat, processCpuTicks } from './process-cpu.mjs';

describe('/proc/{pid}/stat', () => {
  it('reads utime and stime (fields 14 and 15)', () => {
    const line =
      '4242 (node) S 1 4242 4242 0 -1 4194560 31337 0 12 0 1234 567 0 0 20 0 11 0 98765 1234567890 45678 18446744073709551615';
    expect(parseProcessStat(line)).toEqual({ userTicks: 1234, systemTicks: 567 });
  });

  it('counts the fields after the name, which may hold spaces and parentheses', () => {
    const line = '77 (my (odd) server 2) R 1 77 77 0 -1 0 0 0 0 0 10 20 0 0 20 0 1 0 5 0 0';
    expect(parseProcessStat(line)).toEqual({ userTicks: 10, systemTicks: 20 });
  });

  it('refuses a line that is not one', () => {
    expect(() => parseProcessStat('')).toThrow();
    expect(() => parseProcessStat('1 (x) S 1')).toThrow();
  });

  it("reads this process's ticks, which only grow", async () => {
    const before = await processCpuTicks(process.pid);
    const until = Date.now() + 50;
    while (Date.now() < until);
    expect(await processCpuTicks(process.pid)).toBeGreaterThanOrEqual(before);
  });

  it('turns ticks and requests into microseconds per request', () => {
    // 150 ticks at 100 per second = 1.5 s of CPU over 30,000 requests: 50 µs each.
    expect(cpuMicrosecondsPerRequest(150, 30_000, 100)).toBe(50);
    expect(cpuMicrosecondsPerRequest(150, 0, 100)).toBeUndefined();
  });
});
