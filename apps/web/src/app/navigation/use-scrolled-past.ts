import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** A pre-rendered page shows the top of the page; hydration starts from there, then follows the scroll. */
const notScrolledOnServer = () => false;

export function useScrolledPast(thresholdPx: number): boolean {
  const scrolledPast = useCallback(() => window.scrollY > thresholdPx, [thresholdPx]);
  return useSyncExternalStore(subscribeToScroll, scrolledPast, notScrolledOnServer);
}
