import { useEffect, useState } from 'react';

/** How long to wait for a first paint the browser does not report (a tab opened in the background). */
export const FIRST_PAINT_WAIT_LIMIT_MS = 1000;

function painted(): boolean {
  return (
    typeof performance === 'undefined' ||
    typeof performance.getEntriesByName !== 'function' ||
    typeof PerformanceObserver === 'undefined' ||
    performance.getEntriesByName('first-contentful-paint').length > 0
  );
}

/**
 * True once the page has had its first contentful paint (at once without paint timing), so that what
 * is not needed to draw the page (the header's bell and its realtime client) is requested after it.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);

  useEffect(() => {
    if (done) return;
    const finish = () => setDone(true);
    let observer: PerformanceObserver | null = null;
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      finish();
    }
    const timer = setTimeout(finish, FIRST_PAINT_WAIT_LIMIT_MS);
    return () => {
      observer?.disconnect();
      clearTimeout(timer);
    };
  }, [done]);

  return done;
}
