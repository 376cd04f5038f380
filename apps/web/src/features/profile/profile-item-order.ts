import type { Profile, ProfileKind } from '@teamhire/shared';
import type { ProfileItem } from './profile-item-types';

interface Dated {
  id: number;
  start_date?: string;
  issue_date?: string;
}

/** ISO dates compare as text. */
function newestFirst(first: Dated, second: Dated, date: 'start_date' | 'issue_date'): number {
  const byDate = (second[date] ?? '').localeCompare(first[date] ?? '');
  return byDate !== 0 ? byDate : second.id - first.id;
}

/**
 * The server's order (profile.repository): dated items newest first, skills as they were added. A
 * saved item goes where the next load would put it, so the list does not jump on reload.
 */
export function sortProfileItems<K extends ProfileKind>(kind: K, items: readonly ProfileItem<K>[]) {
  const sorted = [...items];
  if (kind === 'skills') return sorted.sort((first, second) => first.id - second.id);
  const date = kind === 'certificates' ? 'issue_date' : 'start_date';
  return sorted.sort((first, second) => newestFirst(first, second, date));
}

type ProfileLists = { [K in ProfileKind]: ProfileItem<K>[] };

/** The profile with one kind's list replaced, in the server's order. */
export function withItems<K extends ProfileKind>(
  profile: Profile,
  kind: K,
  update: (items: readonly ProfileItem<K>[]) => ProfileItem<K>[],
): Profile {
  const lists: ProfileLists = profile;
  const items = lists[kind];
  return { ...profile, [kind]: sortProfileItems(kind, update(items)) };
}
