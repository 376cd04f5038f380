import { HEALTH_TEXTS } from '@teamhire/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { HealthBanner } from './health-banner';

afterEach(() => {
  vi.unstubAllGlobals();
});

function state(container: HTMLElement) {
  return container.querySelector('[data-health-state]')?.getAttribute('data-health-state');
}

describe('HealthBanner', () => {
  it('stays hidden while checking and when the API is healthy', async () => {
    const requests = stubFetch(() => jsonResponse({ status: 'ok' }));
    const { container } = renderWithProviders(<HealthBanner />);
    expect(state(container)).toBe('checking');
    await waitFor(() => expect(state(container)).toBe('online'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests[0]?.url).toBe('/api/health');
  });

  it('warns when the API answers 503', async () => {
    stubFetch(() => jsonResponse({ status: 'unavailable' }, 503));
    renderWithProviders(<HealthBanner />);
    expect((await screen.findByRole('alert')).textContent).toBe(HEALTH_TEXTS.offline);
  });

  it('warns when the API cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<HealthBanner />);
    expect((await screen.findByRole('alert')).textContent).toBe('Backend API not available');
  });
});
