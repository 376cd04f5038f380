import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPackageReviews } from '../lib/queries/get-reviews';
import { getPackage } from '../lib/queries/get-package';
import { getTeamProfile } from '../features/teams/api/get-team-profile';
import { teamProfileFixture } from '../test/team-profile-fixtures';
import { packageFixture } from '../features/packages/package-fixtures';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { PRERENDERED_PAGES } from './prerendered-pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the package page', () => {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.name === 'service-package');

  it('starts early exactly the requests the page makes for its package', async () => {
    const requests = stubFetch(({ url }) =>
      url.endsWith('/reviews')
        ? jsonResponse({ items: [], total: 0, average_rating: null, skip: 0, limit: 20 })
        : jsonResponse(packageFixture({ id: 42 })),
    );
    await getPackage(42);
    await getPackageReviews(42);
    expect(page?.earlyRequests?.('/service-package/42')).toEqual(requests.map((request) => request.url));
  });
});

describe('the team page', () => {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.name === 'team');

  it('starts early exactly the request the page makes for its team', async () => {
    const requests = stubFetch(() => jsonResponse(teamProfileFixture({ id: 7 })));
    await getTeamProfile(7);
    expect(page?.earlyRequests?.('/teams/7')).toEqual(requests.map((request) => request.url));
  });

  it('is served for a team, not for the other pages under /teams', () => {
    const pattern = new RegExp(page?.pattern ?? '^$');
    expect(pattern.test('/teams/12')).toBe(true);
    for (const path of ['/teams', '/teams/manage', '/teams/browse', '/teams/12/chats', '/teams/0']) {
      expect(pattern.test(path), path).toBe(false);
    }
  });
});
