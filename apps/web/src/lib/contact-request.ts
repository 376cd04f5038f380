import type { Team } from '@teamhire/shared';
import { useSyncExternalStore } from 'react';

/** The team a visitor asked to contact: the chooser is open while this is set. */
export type ContactTarget = Pick<Team, 'id' | 'name'>;

let current: ContactTarget | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One chooser for the whole app, whichever page's Contact Team button asked for it. */
export function requestContact(team: ContactTarget | null): void {
  current = team;
  for (const listener of listeners) listener();
}

export function currentContactRequest(): ContactTarget | null {
  return current;
}

export function useContactRequest(): ContactTarget | null {
  return useSyncExternalStore(subscribe, currentContactRequest, () => null);
}
