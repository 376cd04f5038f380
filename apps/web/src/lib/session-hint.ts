/**
 * A pre-rendered page is drawn for a visitor (it was rendered without a session), and the app, which
 * knows better, starts seconds later on a slow phone. So the entry marks `<html data-session>` from the
 * stored tokens as soon as it runs, and the page's CSS (index.css) holds Login and Join back until then,
 * and for a signed-in person shows the account's place instead. Once the app has drawn the header for
 * the session it found, the mark is settled and the CSS no longer interferes.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

type SessionHint = 'signed-in' | 'visitor' | 'settled';

function setHint(hint: SessionHint): void {
  document.documentElement.dataset.session = hint;
}

export function markSessionHint(): void {
  let stored = false;
  try {
    stored =
      window.localStorage.getItem(ACCESS_TOKEN_KEY) !== null ||
      window.localStorage.getItem(REFRESH_TOKEN_KEY) !== null;
  } catch {
    // No storage, no stored session: the visitor's header is the right one.
  }
  setHint(stored ? 'signed-in' : 'visitor');
}

/** The app's header now shows the session as it is. */
export function settleSessionHint(): void {
  setHint('settled');
}
