import { act, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { packageFixture } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { PopularPackagesSection } from './popular-packages-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

function TitleCard({ item }: { item: { id: number; title: string } }) {
  return <li>{item.title}</li>;
}

describe('PopularPackagesSection', () => {
  it('shows placeholders, then the best rated packages as the cards it was given', async () => {
    const requests = stubFetch(() =>
      jsonResponse({
        items: [packageFixture({ id: 1, title: 'Shop build' }), packageFixture({ id: 2, title: 'Logo set' })],
        total: 2,
        skip: 0,
        limit: 6,
      }),
    );
    renderWithProviders(<PopularPackagesSection PackageCard={TitleCard} />);
    expect(screen.getByRole('status', { name: 'Loading popular services' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Popular services' });
    expect(list.textContent).toBe('Shop buildLogo set');
    expect(screen.getByRole('heading', { name: 'Popular Services' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/service-packages/search?skip=0&limit=6');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ sort: 'rating' });
  });

  it('keeps the placeholders while a lazy card is still loading, then shows the cards', async () => {
    stubFetch(() =>
      jsonResponse({ items: [packageFixture({ id: 1, title: 'Shop build' })], total: 1, skip: 0, limit: 6 }),
    );
    let loaded: ((module: { default: typeof TitleCard }) => void) | undefined;
    const LazyCard = lazy(() => new Promise<{ default: typeof TitleCard }>((resolve) => (loaded = resolve)));
    renderWithProviders(<PopularPackagesSection PackageCard={LazyCard} />);

    // The packages have arrived (the card is asked for only then), the card's code has not.
    await waitFor(() => expect(loaded).toBeTypeOf('function'));
    expect(screen.getByRole('status', { name: 'Loading popular services' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Popular services' })).toBeNull();

    await act(async () => loaded?.({ default: TitleCard }));
    const list = await screen.findByRole('list', { name: 'Popular services' });
    expect(list.textContent).toBe('Shop build');
  });

  it('leaves the section out when no package is published', async () => {
    stubFetch(() => jsonResponse({ items: [], total: 0, skip: 0, limit: 6 }));
    const { container } = renderWithProviders(<PopularPackagesSection PackageCard={TitleCard} />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('leaves the section out when the packages cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ detail: 'down' }, 500));
    const { container } = renderWithProviders(<PopularPackagesSection PackageCard={TitleCard} />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
