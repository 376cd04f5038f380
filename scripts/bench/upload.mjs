// A 1 GiB multipart upload streamed from a generator: the same 1 MiB of random bytes sent 1,024
// times, so neither side ever holds the file in memory.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { clockTicksPerSecond, processCpuTicks } from './process-cpu.mjs';
import { median, round1 } from './statistics.mjs';

const UPLOAD_BYTES = 1024 ** 3;
const CHUNK = randomBytes(1024 * 1024);
const BOUNDARY = '----teamhire-bench-boundary';

/** POSTs `bytes` as the single file of a multipart body; resolves with the status and the seconds taken. */
async function uploadFile(url, { bytes = UPLOAD_BYTES, headers = {} } = {}) {
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

const round2 = (value) => Math.round(value * 100) / 100;

async function expectCreated(url, bytes, headers) {
  const answer = await uploadFile(url, { bytes, headers });
  if (answer.status !== 201) throw new Error(`${url} answered ${answer.status}: ${answer.text}`);
  return answer.seconds;
}

/**
 * One 1 GiB upload with the server's CPU time over it (user + system of all its threads, from
 * /proc/{pid}/stat), and its peak memory growth when `withPeakMemory` is given.
 */
async function timedUpload(url, pid, headers, withPeakMemory) {
  const ticksBefore = await processCpuTicks(pid);
  const upload = () => expectCreated(url, UPLOAD_BYTES, headers);
  const { result: seconds, growthMb } = withPeakMemory
    ? await withPeakMemory(pid, upload)
    : { result: await upload() };
  const cpuSeconds = ((await processCpuTicks(pid)) - ticksBefore) / clockTicksPerSecond();
  return { seconds, cpuSeconds, growthMb };
}

/**
 * The "1 GiB upload" part: our chat upload route against `bare-upload-server.mjs` (plain node:http
 * piping the request body to a file in the same scratch directory, so on the same disk), `rounds`
 * alternated rounds after a 32 MiB warm-up of each; then the same upload through our S3 driver, for
 * its memory. `tools` are the bench's helpers (servers, the memory watcher, `figure`).
 */
export async function uploadPart({ ours, room, scratch, ports, rounds, tools }) {
  const { startScript, stop, withPeakMemory, figure } = tools;
  const uploads = join(scratch, 'uploads');
  const bareDirectory = join(scratch, 'bare-uploads');
  const bare = await startScript('bare-upload-server.mjs', ports.bareUpload, { UPLOAD_DIR: bareDirectory });
  const oursUrl = `${ours.http}/api/chat-rooms/${room.roomId}/upload`;
  const bareUrl = `http://127.0.0.1:${ports.bareUpload}/`;
  // The same plain pipe with the file writer's buffer ours uses (apps/api/src/platform/storage.ts).
  const bufferedUrl = `${bareUrl}?highWaterMark=${1024 * 1024}`;
  const headers = { authorization: `Bearer ${room.token}` };
  // Both sides leave the file they stored; it is removed after each upload, outside the measured time.
  // Ours stays on the books (the bench lifts the quota).
  const clean = async () => {
    await rm(uploads, { recursive: true, force: true });
    await rm(bareDirectory, { recursive: true, force: true });
  };
  for (const url of [oursUrl, bareUrl, bufferedUrl]) {
    await expectCreated(url, 32 * 1024 ** 2, headers);
    await clean();
  }
  const sides = { ours: [], bare: [], buffered: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = ['ours', 'bare', 'buffered'];
    for (const side of round % 2 === 0 ? order : order.reverse()) {
      sides[side].push(
        side === 'ours'
          ? await timedUpload(oursUrl, ours.pid, headers, withPeakMemory)
          : await timedUpload(side === 'bare' ? bareUrl : bufferedUrl, bare.pid, headers),
      );
      await clean();
    }
  }
  await stop(bare);
  const s3Growth = await s3UploadGrowth({ room, scratch, ports, headers, tools });

  const mibPerSecond = (seconds) => UPLOAD_BYTES / 1024 ** 2 / seconds;
  const rate = (entries) => mibPerSecond(median(entries.map((entry) => entry.seconds)));
  const cpuPerGib = (entries) =>
    round2(median(entries.map((entry) => entry.cpuSeconds / (UPLOAD_BYTES / 1024 ** 3))));
  const oursRate = rate(sides.ours);
  const bareRate = rate(sides.bare);
  const bufferedRate = rate(sides.buffered);
  const roundRatios = sides.ours.map((entry, index) => round2(sides.bare[index].seconds / entry.seconds));
  const details = {
    mib_per_second: Math.round(oursRate),
    reference_mib_per_second: Math.round(bareRate),
    round_ratios: roundRatios,
    server_cpu_seconds_per_gib: cpuPerGib(sides.ours),
    reference_server_cpu_seconds_per_gib: cpuPerGib(sides.bare),
    buffered_reference_mib_per_second: Math.round(bufferedRate),
    ratio_to_buffered_reference: round2(oursRate / bufferedRate),
    buffered_reference_server_cpu_seconds_per_gib: cpuPerGib(sides.buffered),
  };
  const growths = sides.ours.map((entry) => entry.growthMb);
  return [
    figure('1 GiB upload: peak memory growth of the server', round1(Math.max(...growths)), 'MB', ['<=', 64], {
      rounds: growths.map(round1),
    }),
    figure('1 GiB upload to S3 storage: peak memory growth of the server', round1(s3Growth), 'MB', [
      '<=',
      64,
    ]),
    figure(
      '1 GiB upload throughput / plain Node pipeline to disk',
      round2(oursRate / bareRate),
      'ratio',
      ['>=', 0.7],
      {
        ...details,
        note:
          `${details.mib_per_second} against ${details.reference_mib_per_second} MiB/s, rounds ${roundRatios.join(' ')}; ` +
          `server CPU ${details.server_cpu_seconds_per_gib} against ${details.reference_server_cpu_seconds_per_gib} s/GiB ` +
          `(ours parses multipart, the reference does not); against the same pipe with ours' 1 MiB write buffer ` +
          `${details.ratio_to_buffered_reference} (${details.buffered_reference_mib_per_second} MiB/s, ` +
          `${details.buffered_reference_server_cpu_seconds_per_gib} s/GiB)`,
      },
    ),
  ];
}

/** The same upload into S3-compatible storage (s3rver, on this machine): parts stream through. */
async function s3UploadGrowth({ room, scratch, ports, headers, tools: { startApi, stop, withPeakMemory } }) {
  const { default: S3rver } = await import('s3rver');
  const objectDirectory = join(scratch, 'object-store');
  const objectStore = new S3rver({
    address: '127.0.0.1',
    port: ports.objectStore,
    silent: true,
    directory: objectDirectory,
    configureBuckets: [{ name: 'teamhire-bench' }],
  });
  await objectStore.run();
  try {
    const s3Api = await startApi(ports.s3Upload, {
      SEED_DEMO: 'false',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${ports.objectStore}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'teamhire-bench',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const s3Url = `http://127.0.0.1:${ports.s3Upload}/api/chat-rooms/${room.roomId}/upload`;
      await expectCreated(s3Url, 32 * 1024 ** 2, headers);
      const measured = await withPeakMemory(s3Api.pid, () => expectCreated(s3Url, UPLOAD_BYTES, headers));
      return measured.growthMb;
    } finally {
      await stop(s3Api);
    }
  } finally {
    await objectStore.close();
    await rm(objectDirectory, { recursive: true, force: true });
  }
}
