import type { PackageSearch } from '@teamhire/shared';

/** Every package query starts with 'packages', so a change to one package can refresh them all. */
export const packageQueryKeys = {
  all: ['packages'] as const,
  browse: (criteria: PackageSearch, skip: number, limit: number) =>
    ['packages', 'browse', criteria, skip, limit] as const,
  /** The landing page's best rated packages. */
  popular: ['packages', 'popular'] as const,
  mine: (teamId: number | undefined) => ['packages', 'mine', teamId ?? 'all'] as const,
  detail: (packageId: number) => ['packages', 'detail', packageId] as const,
};

/** Lists go stale after a minute: packages change rarely and a stale list is refreshed on focus. */
export const PACKAGE_LIST_STALE_TIME_MS = 60_000;
