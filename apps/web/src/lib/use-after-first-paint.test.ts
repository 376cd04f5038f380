import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_LIMIT_MS, useAfterFirstPaint } from './use-after-first-paint';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A browser with paint timing that has not painted yet; `paint()` reports the first contentful paint. */
function stubPaintTiming() {
  const callbacks: PaintCallback[] = [];
  let painted = false;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: PaintCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    painted && name === 'first-contentful-paint' ? [{} as PerformanceEntry] : [],
  );
  return {
    paint() {
      painted = true;
      const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) };
      for (const callback of callbacks) callback(list);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useAfterFirstPaint', () => {
  it('is false until the first contentful paint, then true', () => {
    const timing = stubPaintTiming();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => timing.paint());
    expect(result.current).toBe(true);
  });

  it('is true at once when the page has painted already', () => {
    const timing = stubPaintTiming();
    timing.paint();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(true);
  });

  it('gives up waiting for a paint that is not reported', () => {
    vi.useFakeTimers();
    stubPaintTiming();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(FIRST_PAINT_WAIT_LIMIT_MS));
    expect(result.current).toBe(true);
  });

  it('is true at once without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(true);
  });
});
