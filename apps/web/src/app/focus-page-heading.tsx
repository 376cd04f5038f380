import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to draw its heading (its code and data load first). */
const HEADING_WAIT_MS = 5000;

function pageHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector('h1');
}

/**
 * Focus inside the page (a field that focuses itself, or where a click or a key put it) stays: the old
 * page's elements are gone, so whatever has focus there belongs to the new page.
 */
function focusIsInPage(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === main) return false;
  // A dialog opened meanwhile keeps its focus too.
  return main.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * After a route change, focus moves to the new page's main heading (a screen reader then reads where
 * the person arrived, and Tab continues from the top of the page), once the page has drawn it. Not on
 * the first page, nor when only the query or the hash changes (filters, landing sections).
 */
export function FocusPageHeading({ mainId = 'main-content' }: { mainId?: string }) {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;
    const main = document.getElementById(mainId);
    if (!main) return;

    const tryFocus = (): boolean => {
      if (focusIsInPage(main)) return true;
      const heading = pageHeading(main);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;

    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);

  return null;
}
