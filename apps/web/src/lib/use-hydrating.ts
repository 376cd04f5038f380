import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;
const inBrowser = () => false;
const onServer = () => true;

/**
 * True while the page is rendered ahead of time and while React takes that HTML over (hydration reads
 * the server's value), false in every other render: for what must wait until the browser's own values
 * may be drawn.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}
