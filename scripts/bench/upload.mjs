// A 1 GiB multipart upload streamed from a generator: the same 1 MiB of random bytes sent 1,024
// times, so neither side ever holds the file in memory.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const UPLOAD_BYTES = 1024 ** 3;
const CHUNK = randomBytes(1024 * 1024);
const BOUNDARY = '----teamhire-bench-boundary';

/** POSTs `bytes` as the single file of a multipart body; resolves with the status and the seconds taken. */
export async function uploadFile(url, { bytes = UPLOAD_BYTES, headers = {} } = {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="bench.bin"\r\n` +
      `content-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  async function* body() {
    yield head;
    for (let sent = 0; sent < bytes; sent += CHUNK.length)
      yield CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent));
    yield tail;
  }
  const started = performance.now();
  const answer = new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + bytes + tail.length),
      },
    });
    outgoing.once('response', (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode, body: Buffer.concat(parts).toString() }),
      );
      response.on('error', reject);
    });
    outgoing.once('error', reject);
    pipeline(Readable.from(body()), outgoing).catch(reject);
  });
  const { status, body: text } = await answer;
  return { status, text, seconds: (performance.now() - started) / 1000 };
}
