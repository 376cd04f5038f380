import { useEffect, useRef, useState, type RefObject } from 'react';

export interface InViewOptions {
  threshold?: number;
  rootMargin?: string;
}

/**
 * Becomes true the first time the element is in view and stays true.
 * Where IntersectionObserver does not exist the content is shown at once rather than never.
 */
export function useInViewOnce<T extends Element>({ threshold = 0, rootMargin }: InViewOptions = {}): {
  ref: RefObject<T | null>;
  inView: boolean;
} {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setInView(true);
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
