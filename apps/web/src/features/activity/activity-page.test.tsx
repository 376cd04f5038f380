import type { ActivityEntry } from '@teamhire/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { activityIcon, ActivityPage } from './activity-page';

const NOW = new Date('2025-06-15T12:00:00Z');

function entry(id: number, minutesAgo: number): ActivityEntry {
  return {
    id,
    action: 'auth.login',
    description: `Event ${id}`,
    created_at: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage() {
  return renderWithProviders(<ActivityPage />, { route: '/activity', path: '/activity' });
}

describe('activityIcon', () => {
  it('picks the icon by the area of the action', () => {
    const iconOf = (action: string) => render(<>{activityIcon(action)}</>).container.querySelector('svg')!;
    expect(iconOf('auth.login').classList).toContain('lucide-key-round');
    expect(iconOf('team.updated').classList).toContain('lucide-users-round');
    expect(iconOf('something.new').classList).toContain('lucide-history');
  });
});

describe('ActivityPage', () => {
  it('lists the feed with relative times and loads more', async () => {
    const requests = stubFetch(({ url }) => {
      const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
      return skip === 0
        ? jsonResponse({ items: [entry(3, 0), entry(2, 5), entry(1, 3 * 60)], total: 4, skip: 0, limit: 20 })
        : jsonResponse({ items: [entry(0, 3 * 24 * 60 + 1)], total: 4, skip: 3, limit: 20 });
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Event 3Just now', 'Event 25m ago', 'Event 13h ago']);
    expect(screen.getByText('Showing 3 of 4')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[3]!.textContent).toBe('Event 03d ago');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/activity?skip=0&limit=20',
      '/api/activity?skip=3&limit=20',
    ]);
  });

  it('says so when there is nothing yet', async () => {
    stubFetch(() => jsonResponse({ items: [], total: 0, skip: 0, limit: 20 }));
    renderPage();
    expect(await screen.findByText('No activity yet')).toBeTruthy();
  });

  it('shows the error with a Retry that asks again', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ detail: 'Database unavailable' }, 503)
        : jsonResponse({ items: [entry(1, 0)], total: 1, skip: 0, limit: 20 });
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Event 1')).toBeTruthy();
  });
});
