// The reference for the upload throughput: plain node:http streaming the request body to a file
// with stream.pipeline, nothing else (no multipart parsing, no database).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const directory = process.env.UPLOAD_DIR;
const server = createServer(async (request, response) => {
  const target = join(directory, randomUUID());
  try {
    await pipeline(request, createWriteStream(target));
    response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  } catch {
    response.writeHead(500).end();
  } finally {
    await rm(target, { force: true });
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
