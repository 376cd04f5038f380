export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** How long a section is followed after the jump while the page above it is still loading. */
const SETTLE_MS = 3000;

/**
 * Follows `element` for a short while after a jump: the landing sections above it load their content
 * lazily, and a smooth scroll aims at the place the section had when it started, so content that
 * arrived meanwhile pushed the section out of view. Each time the page's height changes the scroll
 * is aimed again. Stops at the reader's own first scroll (wheel, touch, keys, pointer) or after
 * SETTLE_MS.
 */
function followWhileLayoutSettles(element: HTMLElement, behavior: ScrollBehavior) {
  if (typeof ResizeObserver !== 'function') return;
  const readerEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  let height = document.documentElement.scrollHeight;
  const observer = new ResizeObserver(() => {
    const now = document.documentElement.scrollHeight;
    if (now === height) return;
    height = now;
    element.scrollIntoView({ behavior, block: 'start' });
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const name of readerEvents) window.removeEventListener(name, stop);
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  for (const name of readerEvents) window.addEventListener(name, stop, { passive: true });
  observer.observe(document.body);
}

/** Scrolls to a landing section; returns false when the section is not on this page. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  element.scrollIntoView({ behavior, block: 'start' });
  followWhileLayoutSettles(element, behavior);
  return true;
}
