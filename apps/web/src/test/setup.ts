import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// On two busy cores a lazy route or a validation round trip can take longer than the library's 1 s:
// the waits are for the same outcome, given more time before they call it missing.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no scrolling; the app calls these on navigation and on anchor buttons.
vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();

afterEach(() => {
  cleanup();
  // The session lives in localStorage; every test starts signed out.
  window.localStorage.clear();
});
