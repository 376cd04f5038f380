import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `delayMs` (search waits 500 ms, so a word costs one
 * request).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
