import { SERVICE_PAGES, type ServicePageDefinition } from '@teamhire/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { ServicePage } from './service-page';

function definitionFor(path: string): ServicePageDefinition {
  const definition = SERVICE_PAGES.find((page) => page.path === path);
  if (!definition) throw new Error(`No service page ${path}`);
  return definition;
}

function renderServicePage(path = '/WebDevelopment') {
  const definition = definitionFor(path);
  return renderWithProviders(<ServicePage definition={definition} />, {
    route: path,
    path,
    extraRoutes: [
      { path: '/teams', element: <LocationProbe /> },
      { path: '/', element: <LocationProbe /> },
    ],
  });
}

const findTeams = () => screen.getByRole('button', { name: /Find Available Teams/ });
const toggle = (name: string) => screen.getByRole('button', { name });

describe('ServicePage', () => {
  it('shows the title, a way back home and the choices of the service', () => {
    renderServicePage('/SecurityTesting');
    expect(screen.getByRole('heading', { level: 1, name: 'Security & Testing' })).toBeTruthy();
    expect(toggle('Penetration Testing').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('group', { name: 'Budget Range' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(10);
  });

  it('goes back to the landing page', () => {
    renderServicePage('/UIUXDesign');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toBe('/');
  });

  it('keeps Find Available Teams disabled until a project option is chosen', () => {
    renderServicePage();
    expect(findTeams()).toHaveProperty('disabled', true);

    fireEvent.click(toggle('React'));
    fireEvent.click(screen.getByRole('radio', { name: 'Under $5,000' }));
    expect(findTeams()).toHaveProperty('disabled', true);

    fireEvent.click(toggle('Landing Page'));
    expect(toggle('Landing Page').getAttribute('aria-pressed')).toBe('true');
    expect(findTeams()).toHaveProperty('disabled', false);

    fireEvent.click(toggle('Landing Page'));
    expect(toggle('Landing Page').getAttribute('aria-pressed')).toBe('false');
    expect(findTeams()).toHaveProperty('disabled', true);
  });

  it('goes to /teams with every chosen value', () => {
    renderServicePage();
    fireEvent.click(toggle('E-commerce Store'));
    fireEvent.click(toggle('Landing Page'));
    fireEvent.click(toggle('TypeScript'));
    fireEvent.click(toggle('React'));
    fireEvent.click(screen.getByRole('radio', { name: '$15,000 - $50,000' }));
    fireEvent.click(screen.getByRole('radio', { name: '2-3 months' }));
    fireEvent.click(findTeams());

    const location = screen.getByRole('status', { name: 'Current location' }).textContent ?? '';
    expect(location).toBe(
      '/teams?service=web&options=Landing+Page%2CE-commerce+Store&technologies=React%2CTypeScript&budget=15k-50k&timeline=2-3months',
    );
  });

  it('leaves out what was not chosen', () => {
    renderServicePage('/MobileDevelopment');
    fireEvent.click(toggle('iOS App'));
    fireEvent.click(findTeams());
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toBe(
      '/teams?service=mobile&options=iOS+App',
    );
  });

  it('summarises the selection and resets it', () => {
    renderServicePage();
    const summary = screen.getByRole('complementary', { name: 'Your Selection' });
    expect(summary.textContent).toContain('None selected');

    fireEvent.click(toggle('Corporate Website'));
    fireEvent.click(screen.getByRole('radio', { name: '1 month' }));
    expect(summary.textContent).toContain('Corporate Website');
    expect(summary.textContent).toContain('1 month');

    fireEvent.click(screen.getByRole('button', { name: 'Reset Selections' }));
    expect(summary.textContent).toContain('None selected');
    expect(screen.getByRole('radio', { name: '1 month' })).toHaveProperty('checked', false);
    expect(findTeams()).toHaveProperty('disabled', true);
  });
});
