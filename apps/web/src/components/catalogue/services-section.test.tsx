import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ServicesSection } from './services-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServicesSection', () => {
  it('lists one card per category linking to its page, with the description fallback', async () => {
    const requests = stubFetch(() =>
      jsonResponse([
        { id: 1, name: 'Web Development', description: 'Sites and apps', is_active: true },
        { id: 7, name: 'Data Engineering', description: null, is_active: true },
      ]),
    );
    renderWithProviders(<ServicesSection />);
    expect(screen.getByText('Loading services...')).toBeTruthy();

    const web = await screen.findByRole('link', { name: 'Web Development' });
    expect(web.getAttribute('href')).toBe('/service/1');
    expect(screen.getByRole('link', { name: 'Data Engineering' }).getAttribute('href')).toBe('/service/7');
    expect(screen.getByText('Professional services in this category')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/service-categories?skip=0&limit=100&include_inactive=false');
  });

  it('shows the error text when the categories cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ detail: 'down' }, 500));
    renderWithProviders(<ServicesSection />);
    expect(await screen.findByText('Error loading services. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
