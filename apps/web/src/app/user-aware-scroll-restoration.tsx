import { useLayoutEffect, useRef } from 'react';
import { ScrollRestoration } from 'react-router';

/**
 * React Router's scroll restoration, except on the app's first render: a pre-rendered page is on screen
 * (and scrollable) long before the app starts, and the router would then put a visitor who has already
 * scrolled down back at the top. The position the page has when the app starts is kept instead; the
 * browser has put it there, or the person has.
 */
export function UserAwareScrollRestoration() {
  const startPosition = useRef<number | null>(null);
  return (
    <>
      <ReadStartPosition into={startPosition} />
      <ScrollRestoration />
      <KeepStartPosition from={startPosition} />
    </>
  );
}

// Layout effects run in the order of the siblings: the first reads the position before the router sets
// it, the last puts it back.
function ReadStartPosition({ into }: { into: { current: number | null } }) {
  useLayoutEffect(() => {
    into.current ??= window.scrollY;
  }, [into]);
  return null;
}

function KeepStartPosition({ from }: { from: { current: number | null } }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    const position = from.current;
    if (position !== null && position > 0 && window.scrollY !== position) window.scrollTo(0, position);
  }, [from]);
  return null;
}
