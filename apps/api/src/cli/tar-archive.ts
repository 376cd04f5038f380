/**
 * The smallest tar (ustar) writer and reader the backups need: regular files and directories only.
 * Archives are plain ustar in gzip, so `tar xzf` reads them too.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { isAbsolute, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** Eleven octal digits: what a ustar size field holds. PostgreSQL splits relations into 1 GiB files. */
const MAX_SIZE = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a long path between ustar's name (100 bytes) and prefix (155 bytes) fields, at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let index = name.indexOf('/'); index !== -1; index = name.indexOf('/', index + 1)) {
    const prefix = name.slice(0, index);
    const rest = name.slice(index + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`The path ${name} is too long for the archive`);
}

function header(name: string, type: '0' | '5', size: number, mode: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  block.write(parts.name, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 8, 'ascii');
  block.write(octal(0, 8), 108, 8, 'ascii');
  block.write(octal(0, 8), 116, 8, 'ascii');
  block.write(octal(size, 12), 124, 12, 'ascii');
  block.write(octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 12), 136, 12, 'ascii');
  block.write(' '.repeat(8), 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export class TarGzWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;
  /** Bytes of file content taken into the archive so far (before compression). */
  contentBytes = 0;

  constructor(file: string) {
    this.done = pipeline(this.gzip, createWriteStream(file, { mode: 0o600 }));
    // The pipeline's failure (a full disk) surfaces through `finish`; until then writes stop on it.
    this.done.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest !== 0) await this.write(Buffer.alloc(BLOCK - rest));
  }

  async directory(name: string, mtime = new Date()): Promise<void> {
    await this.write(header(`${name.replace(/\/+$/, '')}/`, '5', 0, 0o700, mtime));
  }

  async buffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.write(header(name, '0', data.length, 0o600, mtime));
    await this.write(data);
    this.contentBytes += data.length;
    await this.pad(data.length);
  }

  /**
   * Adds an open file with the size it had when opened. A file that grows meanwhile is cut there, one
   * that shrinks is padded with zeros: PostgreSQL's recovery rewrites every page changed during an
   * online backup from the WAL, so neither is seen after a restore.
   */
  async file(name: string, handle: FileHandle): Promise<void> {
    const { size, mtime } = await handle.stat();
    if (size > MAX_SIZE) throw new Error(`${name} is larger than a tar entry can hold`);
    await this.write(header(name, '0', size, 0o600, mtime));
    let position = 0;
    while (position < size) {
      const length = Math.min(CHUNK, size - position);
      const chunk = Buffer.alloc(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      if (bytesRead === 0) {
        await this.write(Buffer.alloc(size - position));
        position = size;
        break;
      }
      await this.write(bytesRead === length ? chunk : chunk.subarray(0, bytesRead));
      position += bytesRead;
    }
    this.contentBytes += size;
    await this.pad(size);
  }

  async finish(): Promise<void> {
    this.gzip.end(Buffer.alloc(BLOCK * 2));
    await this.done;
  }

  abort(): void {
    this.gzip.destroy(new Error('archive aborted'));
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `size` bytes; fewer only at the end of the stream. */
  async read(size: number): Promise<Buffer> {
    while (this.length < size) {
      const next = await this.source.next();
      if (next.done) break;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const taken = all.subarray(0, Math.min(size, all.length));
    const rest = all.subarray(taken.length);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checksumMatches(block: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) {
    sum += index >= 148 && index < 156 ? 0x20 : block[index]!;
  }
  return Number.parseInt(field(block, 148, 8).trim(), 8) === sum;
}

/** Refuses absolute paths and `..`, so an archive cannot write outside the directory it is extracted into. */
function safeRelativePath(name: string): string {
  const normalized = normalize(name.replace(/\/+$/, ''));
  if (
    isAbsolute(normalized) ||
    normalized === '..' ||
    normalized.startsWith(`..${sep}`) ||
    normalized === '.'
  ) {
    throw new Error(`The archive holds an unsafe path: ${name}`);
  }
  return normalized;
}

/**
 * Extracts a .tar.gz. `target` maps each entry's path to where it goes, or undefined to refuse the
 * archive. Directories get mode 0700 and files 0600, whatever the archive says: a PostgreSQL cluster
 * must be readable by its owner only.
 */
export async function extractTarGz(
  file: string,
  target: (path: string) => string | undefined,
  onProgress: (bytes: number) => void = () => undefined,
): Promise<void> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  const feeding = pipeline(input, gunzip).catch((error: unknown) => {
    gunzip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]());
  let bytes = 0;
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (block.length < BLOCK) throw new Error('The archive ends early: it is truncated');
      if (block.every((byte) => byte === 0)) break;
      if (!checksumMatches(block))
        throw new Error('The archive is damaged (a header checksum does not match)');
      const prefix = field(block, 345, 155);
      const name = safeRelativePath(prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      const type = field(block, 156, 1) || '0';
      const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
      const destination = target(name);
      if (destination === undefined) throw new Error(`The archive holds an unexpected entry: ${name}`);
      if (type === '5') {
        await mkdir(destination, { recursive: true, mode: 0o700 });
        continue;
      }
      if (type !== '0') throw new Error(`The archive holds an entry of an unsupported type: ${name}`);
      const handle = await open(destination, 'wx', 0o600);
      try {
        let position = 0;
        while (position < size) {
          const chunk = await reader.read(Math.min(CHUNK, size - position));
          if (chunk.length === 0) throw new Error('The archive ends early: it is truncated');
          for (let written = 0; written < chunk.length;) {
            const result = await handle.write(chunk, written, chunk.length - written, position + written);
            written += result.bytesWritten;
          }
          position += chunk.length;
          bytes += chunk.length;
          onProgress(bytes);
        }
      } finally {
        await handle.close();
      }
      const rest = size % BLOCK;
      if (rest !== 0) await reader.read(BLOCK - rest);
    }
  } finally {
    input.destroy();
    await feeding;
  }
}
