import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NavigationBar } from './navigation-bar';

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  setScrollY(0);
});

describe('NavigationBar', () => {
  it('links the brand home and offers Login and Join to visitors', () => {
    renderWithProviders(<NavigationBar />);
    expect(screen.getByRole('link', { name: 'TeamHire' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/register');
  });

  it('scrolls to the landing sections from the home page', () => {
    renderWithProviders(
      <>
        <NavigationBar />
        <section id="about">About</section>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith(
      expect.objectContaining({ block: 'start' }),
    );
    expect(screen.getByRole('button', { name: 'Services' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact' })).toBeTruthy();
  });

  it('links to the sections of the home page from other pages', () => {
    renderWithProviders(<NavigationBar />, { route: '/WebDevelopment' });
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/#services');
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/#team');
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/#about');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/#contact');
  });

  it('takes the scrolled look past 50 pixels', () => {
    renderWithProviders(<NavigationBar />);
    const header = screen.getByRole('banner');
    expect(header.getAttribute('data-scrolled')).toBe('false');
    setScrollY(50);
    expect(header.getAttribute('data-scrolled')).toBe('false');
    setScrollY(51);
    expect(header.getAttribute('data-scrolled')).toBe('true');
  });

  it('opens and closes the mobile menu', () => {
    renderWithProviders(<NavigationBar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
