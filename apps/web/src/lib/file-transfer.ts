import type { z } from 'zod';
import {
  ApiError,
  NetworkError,
  apiRequestBlob,
  parseResponse,
  toApiError,
  type ResponseSchema,
} from './api-client';
import { getAccessToken } from './auth-tokens';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * Sends one file as multipart `file` through XMLHttpRequest, the one browser API that reports upload
 * progress; the answer is parsed with the contract's schema like every other answer. `headers` go
 * with the request as well (a guest's session header, where there is no access token).
 */
export function uploadWithProgress<S extends ResponseSchema>(
  path: string,
  file: File,
  schema: S,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): UploadHandle<z.output<S>> {
  const request = new XMLHttpRequest();
  const promise = new Promise<z.output<S>>((resolve, reject) => {
    request.open('POST', path);
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, request.responseText));
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, 'Invalid response from the server'));
        return;
      }
      try {
        resolve(parseResponse(schema, request.status, data));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(request.status, null));
      }
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
  return { promise, abort: () => request.abort() };
}

/**
 * Saves a file that needs the access token: a plain link cannot send the token, so the file comes
 * through the API client (which renews an expired session) and is handed to the browser as a blob.
 */
export async function downloadWithToken(
  path: string,
  fileName: string,
  headers?: Record<string, string>,
): Promise<void> {
  const url = URL.createObjectURL(await apiRequestBlob(path, { headers }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; give it time before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
