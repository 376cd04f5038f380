import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lays nothing out, so it has no scrolling; the app calls these on navigation and on anchor buttons.
vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();

afterEach(() => {
  cleanup();
  // The session lives in localStorage; every test starts signed out.
  window.localStorage.clear();
});
