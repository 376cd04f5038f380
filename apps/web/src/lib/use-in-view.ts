import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

export interface InViewOptions {
  threshold?: number;
  rootMargin?: string;
}

const neverChanges = () => () => undefined;
const observerMissing = () => typeof IntersectionObserver === 'undefined';
/** A pre-rendered page was drawn 'not in view'; hydration must draw the same before it may differ. */
const observerMissingOnServer = () => false;

/**
 * Becomes true the first time the element is in view and stays true.
 * Where IntersectionObserver does not exist the content is shown at once rather than never.
 */
export function useInViewOnce<T extends Element>({ threshold = 0, rootMargin }: InViewOptions = {}): {
  ref: RefObject<T | null>;
  inView: boolean;
} {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  const cannotObserve = useSyncExternalStore(neverChanges, observerMissing, observerMissingOnServer);
  const inView = seen || cannotObserve;

  useEffect(() => {
    const element = ref.current;
    // Without an observer the content shows anyway (cannotObserve, once hydration is over).
    if (inView || !element || observerMissing()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, threshold, rootMargin]);

  return { ref, inView };
}
