/**
 * API requests that a pre-rendered page starts from the entry (main.tsx), long before the app's code
 * has arrived to ask for them (decision 0041). When the app then asks for the same address, apiRequest
 * takes this response instead of sending the request again: once, soon, and only for a request without
 * a session token, because the early request is sent as a visitor's (what it would look like anyway).
 */
const MAX_AGE_MS = 15_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const started = new Map<string, EarlyRequest>();

/** Sends a GET the way apiRequest sends a visitor's GET. */
export function startEarlyRequest(url: string): void {
  const response = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'include' });
  // A failure is for the app to see, if it asks.
  response.catch(() => undefined);
  started.set(url, { response, startedAt: Date.now() });
}

/** The early response for this address, at most once, and only while it is fresh. */
export function takeEarlyResponse(url: string): Promise<Response> | null {
  const request = started.get(url);
  if (!request) return null;
  started.delete(url);
  return Date.now() - request.startedAt <= MAX_AGE_MS ? request.response : null;
}
