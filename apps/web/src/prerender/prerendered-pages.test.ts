import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPackageReviews } from '../lib/queries/get-reviews';
import { getPackage } from '../lib/queries/get-package';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { PRERENDERED_PAGES } from './prerendered-pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the package page', () => {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.name === 'service-package');

  it('starts early exactly the requests the page makes for its package', async () => {
    const requests = stubFetch(() => jsonResponse({}));
    await getPackage(42);
    await getPackageReviews(42);
    expect(page?.earlyRequests?.('/service-package/42')).toEqual(requests.map((request) => request.url));
  });
});
