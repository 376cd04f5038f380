import type { ErrorResponse } from '@teamhire/shared';

export const NETWORK_ERROR_MESSAGE = 'Backend server not available...';

export interface ApiFieldError {
  path: string;
  message: string;
}

/** An answer from the server that was not a success; `message` is the server's `detail` when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: readonly ApiFieldError[];

  constructor(status: number, message: string, fieldErrors: readonly ApiFieldError[] = []) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The server could not be reached at all (offline, DNS, refused connection). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor() {
    super(NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Optional runtime check of a response. Structural so that a zod schema from `@teamhire/shared` fits,
 * while pages that must stay light (the landing page) can rely on the contract's types alone.
 */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  schema?: ResponseParser<T>;
}

/**
 * The seam for authentication, installed by the auth feature once it exists.
 * `refreshAccessToken` should share one in-flight refresh between concurrent callers.
 */
export interface ApiAuthentication {
  getAccessToken(): string | null;
  refreshAccessToken(): Promise<boolean>;
}

let authentication: ApiAuthentication | null = null;

export function setApiAuthentication(next: ApiAuthentication | null): void {
  authentication = next;
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

async function send<T>(path: string, options: ApiRequestOptions<T>): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = authentication?.getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  try {
    return await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
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

/** Reads the `{detail, errors?}` body of decision A14 without trusting its shape. */
function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  if (!isRecord(body) || typeof body.detail !== 'string' || body.detail === '') {
    return new ApiError(status, `HTTP ${status}`);
  }
  const detail: ErrorResponse['detail'] = body.detail;
  const fieldErrors = Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
  return new ApiError(status, detail, fieldErrors);
}

export async function apiRequest<T = void>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  let response = await send(path, options);
  // One refresh and one retry, never a loop: a second 401 is the caller's answer.
  if (response.status === 401 && authentication && (await authentication.refreshAccessToken())) {
    response = await send(path, options);
  }

  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);

  const data = text === '' ? undefined : parseJson(text);
  if (text !== '' && data === undefined)
    throw new ApiError(response.status, 'Invalid response from the server');
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch {
    throw new ApiError(response.status, 'Unexpected response from the server');
  }
}
