import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { reviewFixture } from '../../test/order-fixtures';
import { PackageReviews } from './package-reviews';
import { TeamReviews } from './team-reviews';

afterEach(() => vi.unstubAllGlobals());

const list = {
  items: [
    reviewFixture({ id: 1, rating: 5, comment: 'Fast and friendly.' }),
    reviewFixture({ id: 2, rating: 4, comment: null, buyer: { id: 8, username: 'alan' } }),
  ],
  total: 2,
  average_rating: 4.5,
  skip: 0,
  limit: 20,
};

describe('PackageReviews', () => {
  it('shows the average, the count and each review with its stars', async () => {
    const requests = stubFetch(() => jsonResponse(list));
    renderWithProviders(<PackageReviews packageId={12} />);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('4.5 (2 reviews)')).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(items[0]!).getByText('Fast and friendly.')).toBeTruthy();
    expect(within(items[1]!).getByText('by alan')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/service-packages/12/reviews');
  });

  it('says when there are no reviews yet', async () => {
    stubFetch(() => jsonResponse({ ...list, items: [], total: 0, average_rating: null }));
    renderWithProviders(<PackageReviews packageId={12} />);
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });

  it('offers Retry when the reviews cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ detail: 'Internal Server Error' }, 500));
    renderWithProviders(<PackageReviews packageId={12} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load reviews. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('TeamReviews', () => {
  it("names each review's package", async () => {
    const requests = stubFetch(() => jsonResponse(list));
    renderWithProviders(<TeamReviews teamId={3} />);
    expect(await screen.findByText('by ada · Landing Page Sprint')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/teams/3/reviews');
  });
});
