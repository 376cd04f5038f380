import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPackageReviews } from '../lib/queries/get-reviews';
import { getPackage } from '../lib/queries/get-package';
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
