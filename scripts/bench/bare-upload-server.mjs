// The reference for the upload throughput: plain node:http streaming the request body to a file
// with stream.pipeline, nothing else (no multipart parsing, no database, Node's default buffer
// sizes; `?highWaterMark=` sets the file writer's buffer, to compare with ours at the same size). Like our server it leaves the file in place when it answers; the bench removes both sides'
// files between uploads, so neither side's clean-up runs into the other's measured time.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const directory = process.env.UPLOAD_DIR;
const server = createServer(async (request, response) => {
  const target = join(directory, randomUUID());
  try {
    await mkdir(directory, { recursive: true });
    const highWaterMark = Number(new URL(request.url, 'http://reference').searchParams.get('highWaterMark'));
    await pipeline(request, createWriteStream(target, highWaterMark > 0 ? { highWaterMark } : {}));
    response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  } catch {
    await rm(target, { force: true });
    response.writeHead(500).end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
