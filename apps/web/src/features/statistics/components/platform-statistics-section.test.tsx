import type { DashboardStatistics } from '@teamhire/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { PlatformStatisticsSection } from './platform-statistics-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

const statistics: DashboardStatistics = {
  total_services: 6,
  total_project_types: 24,
  total_technologies: 1250,
  total_running_projects: 3,
  completed_projects: 17,
  completed_projects_timeline: [
    { label: '2025-01', count: 4 },
    { label: '2025-02', count: 13 },
  ],
};

describe('PlatformStatisticsSection', () => {
  it('shows the loading text, then five tiles and the chart title', async () => {
    stubFetch(() => jsonResponse(statistics));
    renderWithProviders(<PlatformStatisticsSection />);
    expect(screen.getByText('Loading statistics...')).toBeTruthy();

    expect((await screen.findByRole('group', { name: 'Total Services' })).textContent).toContain('6');
    expect(screen.getByRole('group', { name: 'Project Types' }).textContent).toContain('24');
    expect(screen.getByRole('group', { name: 'Technologies' }).textContent).toContain('1,250');
    expect(screen.getByRole('group', { name: 'Total Running Projects' }).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Completed Projects' }).textContent).toContain('17');
    expect(screen.getByRole('heading', { name: 'Completed Projects Over Time' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Feb 2025' })).toBeTruthy();
    expect(document.getElementById('team')).toBeTruthy();
  });

  it("reports a failed status as 'Failed to fetch statistics: {status}'", async () => {
    const requests = stubFetch(() => jsonResponse({ detail: 'boom' }, 500));
    renderWithProviders(<PlatformStatisticsSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading statistics: Failed to fetch statistics: 500',
    );
    expect(requests).toHaveLength(1);
  });

  it('reports a body that is not JSON with the parser message', async () => {
    stubFetch(() => new Response('<html>', { status: 200 }));
    renderWithProviders(<PlatformStatisticsSection />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error loading statistics: .+/);
  });
});
