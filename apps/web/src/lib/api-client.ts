import type { ErrorResponse, TokenResponse } from '@teamhire/shared';
import type { z } from 'zod';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './auth-tokens';
import { takeEarlyResponse } from './early-requests';
import { errorCodeOfStatus, isErrorCode, type ErrorCode } from './error-codes';

// The texts of ACCOUNT_TEXTS, repeated here because this module is in the first download (test-checked).
export const NETWORK_ERROR_MESSAGE = 'Backend server not available...';
export const AUTHENTICATION_FAILED_MESSAGE = 'Authentication failed';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

const REFRESH_PATH = '/api/auth/refresh';
const REFRESH_LOCK_NAME = 'teamhire-token-refresh';

export interface ApiFieldError {
  path: string;
  message: string;
}

/**
 * An answer from the server that was not a success; `message` is the server's `detail`, else 'HTTP {status}'.
 * Decide by `code`, never by the words: they are for people and may change.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own words, or null when it sent none. */
  readonly detail: string | null;
  readonly fieldErrors: readonly ApiFieldError[];
  /** What went wrong: the server's code, else the one of the status (an answer without a known code). */
  readonly code: ErrorCode;

  constructor(
    status: number,
    detail: string | null,
    fieldErrors: readonly ApiFieldError[] = [],
    code: ErrorCode = errorCodeOfStatus(status),
  ) {
    super(detail ?? `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }
}

/** The server could not be reached at all (offline, DNS, refused connection). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor() {
    super(NETWORK_ERROR_MESSAGE);
  }
}

/** A response schema of the contract (`@teamhire/shared`); only its type is imported here. */
export type ResponseSchema = z.ZodType;

/**
 * The schema itself, or a loader of it for the modules of the first download (the app shell, the
 * landing page, the package page): importing a schema there would put zod into every visitor's first
 * download, so those load it beside the request instead of before the page.
 */
export type ResponseSchemaSource<S extends ResponseSchema> = S | (() => Promise<S>);

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers: a purchase's Idempotency-Key, a guest's chat session token. */
  headers?: Record<string, string>;
}

export interface JsonRequestOptions<S extends ResponseSchema> extends ApiRequestOptions {
  /** The answer is read only through this schema: nothing reaches the app unchecked. */
  schema: ResponseSchemaSource<S>;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send(
  path: string,
  options: ApiRequestOptions,
  token: string | null,
  accept = 'application/json',
): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: accept });
  const formData = options.body instanceof FormData ? options.body : null;
  // A multipart body sets its own Content-Type with the boundary.
  if (options.body !== undefined && !formData) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const url = buildApiUrl(path, options.query);
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.headers;
  const early = !token && plainGet ? takeEarlyResponse(url) : null;

  try {
    if (early) return await early;
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFieldError(value: unknown): value is ApiFieldError {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

/** The answer's code when it is one this app knows, else the one of its status. */
function codeOf(body: unknown, status: number): ErrorCode {
  return isRecord(body) && isErrorCode(body.code) ? body.code : errorCodeOfStatus(status);
}

/**
 * Reads the `{code, detail, errors?}` body every API error has, without trusting its shape (a proxy may
 * answer instead).
 */
export function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  const code: ErrorResponse['code'] = codeOf(body, status);
  if (!isRecord(body) || typeof body.detail !== 'string' || body.detail === '') {
    return new ApiError(status, null, [], code);
  }
  const detail: ErrorResponse['detail'] = body.detail;
  const fieldErrors = Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
  return new ApiError(status, detail, fieldErrors, code);
}

function isTokenResponse(value: unknown): value is Pick<TokenResponse, 'access_token' | 'refresh_token'> {
  return (
    isRecord(value) &&
    typeof value.access_token === 'string' &&
    value.access_token !== '' &&
    typeof value.refresh_token === 'string' &&
    value.refresh_token !== ''
  );
}

let sessionEndedHandler: (() => void) | null = null;

/** The app's reaction to a session that could not be renewed: clear cached data and go to /login. */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  sessionEndedHandler = handler;
}

function endSession(message: string): ApiError {
  clearTokens('expired');
  sessionEndedHandler?.();
  return new ApiError(401, message);
}

async function exchangeRefreshToken(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw endSession(NO_REFRESH_TOKEN_MESSAGE);

  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      credentials: 'include',
    });
  } catch {
    // Offline says nothing about the refresh token: keep the session for when the network is back.
    throw new NetworkError();
  }
  const text = await response.text();
  const body = parseJson(text);
  if (response.ok && isTokenResponse(body)) {
    storeTokens({ accessToken: body.access_token, refreshToken: body.refresh_token });
    return;
  }
  // Another tab rotated the token while this request was on its way: its new pair is already stored.
  if (getRefreshToken() !== refreshToken) return;
  // A server in trouble or a rate limit is not a verdict on the token either.
  if (response.status >= 500 || response.status === 429) throw toApiError(response.status, text);
  throw endSession(AUTHENTICATION_FAILED_MESSAGE);
}

/** Tabs of one browser share the refresh token, and the server rotates it: only one tab may spend it. */
async function withCrossTabLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work();
  await navigator.locks.request(REFRESH_LOCK_NAME, work);
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Renews the access token that the server refused. Every request refused with the same token waits
 * for one shared refresh; a request refused after the token already changed just retries.
 */
function renewSession(refusedToken: string | null): Promise<void> {
  if (getAccessToken() !== refusedToken) return Promise.resolve();
  refreshInFlight ??= withCrossTabLock(async () => {
    if (getAccessToken() !== refusedToken) return;
    await exchangeRefreshToken();
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Renews the access token now, e.g. after the server closed a socket because the token expired. */
export function renewAccessToken(): Promise<void> {
  return renewSession(getAccessToken());
}

/**
 * A 401 from these is the answer about the credentials they carry (a wrong password, a spent reset
 * link), not about the session, so it never triggers a refresh.
 */
const CREDENTIAL_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/register',
  REFRESH_PATH,
  '/api/auth/logout',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/send-verification',
]);

/** Sends the request, renewing the session once on a 401, and throws the server's refusal as an ApiError. */
async function sendWithSession(path: string, options: ApiRequestOptions, accept?: string): Promise<Response> {
  const sentToken = getAccessToken();
  const signedIn = sentToken !== null || getRefreshToken() !== null;
  let response = await send(path, options, sentToken, accept);
  // One refresh and one retry, never a loop: a second 401 is the caller's answer.
  if (response.status === 401 && signedIn && !CREDENTIAL_PATHS.has(path)) {
    await renewSession(sentToken);
    response = await send(path, options, getAccessToken(), accept);
  }
  if (!response.ok) throw toApiError(response.status, await response.text());
  return response;
}

const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server';

async function loadSchema<S extends ResponseSchema>(source: ResponseSchemaSource<S>): Promise<S> {
  if (typeof source !== 'function') return source;
  try {
    return await source();
  } catch {
    // The schema's chunk could not be downloaded: the network failed, not the server.
    throw new NetworkError();
  }
}

/**
 * Checks a JSON answer against its contract schema. An answer of another shape becomes an ApiError
 * with a generic message, which the screens already show like any failed request.
 */
export function parseResponse<S extends ResponseSchema>(
  schema: S,
  status: number,
  data: unknown,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(status, UNEXPECTED_RESPONSE_MESSAGE);
  return result.data;
}

/** A request whose answer is JSON, returned only as its schema reads it. */
export const apiRequest = async <S extends ResponseSchema>(
  path: string,
  options: JsonRequestOptions<S>,
): Promise<z.output<S>> => {
  // A lazily loaded schema downloads while the request is on its way.
  const schema = loadSchema(options.schema);
  // A refused request ends before the schema is awaited: its failure must not go unhandled then.
  schema.catch(() => undefined);
  const response = await sendWithSession(path, options);
  const text = await response.text();
  const data = parseJson(text);
  if (data === undefined) throw new ApiError(response.status, 'Invalid response from the server');
  return parseResponse(await schema, response.status, data);
};

/** A request answered with no content (204): whatever body arrives is not read. */
export async function apiRequestWithoutContent(path: string, options: ApiRequestOptions = {}): Promise<void> {
  const response = await sendWithSession(path, options);
  await response.body?.cancel();
}

/** A request answered with a file rather than JSON. */
export async function apiRequestBlob(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await sendWithSession(path, options, '*/*');
  return response.blob();
}
