import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { loggerOptions, requestLoggerFactory } from './logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(loggerOptions(level), stream), lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('request loggers', () => {
  it('write what a pino child writes, with the request id and redaction, once a line is due', async () => {
    const { logger, lines } = capture('info');
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    log.debug('not at this level');
    expect(child).not.toHaveBeenCalled();
    log.info({ body: { token: 'secret-token' }, user: 7 }, 'signed in');
    log.warn('careful');
    await flush();
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 30, reqId: 'r-1', msg: 'signed in', body: { token: '[redacted]' }, user: 7 },
      { level: 40, reqId: 'r-1', msg: 'careful' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('make no child for a request that writes nothing at the level in force', async () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'r-2' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(log.level).toBe('warn');
    expect((log as unknown as pino.Logger).isLevelEnabled('info')).toBe(false);
    await flush();
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    log.error(new Error('boom'), 'failed');
    await flush();
    expect(lines).toMatchObject([{ level: 50, reqId: 'r-2', msg: 'failed', err: { message: 'boom' } }]);
  });

  it('give a route with its own level a real child at that level', async () => {
    const { logger, lines } = capture('info');
    const log = requestLoggerFactory(logger, { reqId: 'r-3' }, { level: 'warn' });
    log.info('health check');
    log.warn('health failing');
    await flush();
    expect(lines).toMatchObject([{ level: 40, reqId: 'r-3', msg: 'health failing' }]);
  });

  it('hand out real children of their own', async () => {
    const { logger, lines } = capture('info');
    const log = requestLoggerFactory(logger, { reqId: 'r-4' }, {});
    log.child({ part: 'upload' }).info('stored');
    await flush();
    expect(lines).toMatchObject([{ reqId: 'r-4', part: 'upload', msg: 'stored' }]);
  });
});

describe('error serializer', () => {
  it("never writes a failed query's parameters or PostgreSQL's detail", async () => {
    const { logger, lines } = capture('info');
    const databaseError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_lower_key"'),
      {
        code: '23505',
        detail: 'Key (lower(email))=(secret.person@example.com) already exists.',
        where: 'SQL statement with secret.person@example.com',
        parameters: ['secret.person@example.com'],
      },
    );
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['secret.person@example.com', 'scrypt$17$hash-of-a-secret'],
      databaseError,
    );
    logger.error({ err: failed }, 'request failed');
    await flush();
    const written = JSON.stringify(lines);
    expect(written).not.toContain('secret.person@example.com');
    expect(written).not.toContain('hash-of-a-secret');
    // What helps to find the bug stays: the statement with its placeholders, the constraint, the code.
    expect(lines[0]).toMatchObject({ msg: 'request failed', err: { type: 'DrizzleQueryError' } });
    expect(written).toContain('insert into \\"users\\"');
    expect(written).toContain('users_email_lower_key');
  });
});

describe('buffered standard output', () => {
  /** Runs a script with the app's buffered output in a process of its own; its standard output. */
  async function runWithBufferedOutput(script: string) {
    const { execFile } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const program = `
      import pino from 'pino';
      import { bufferedStandardOutput } from ${JSON.stringify(logger)};
      const output = bufferedStandardOutput();
      const log = pino(output);
      ${script}
    `;
    return new Promise<{ stdout: string; code: number | null; millisecondsToFirstLine: number }>((done) => {
      const started = Date.now();
      let firstLineAt = 0;
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', program],
        (_error, stdout) =>
          done({ stdout, code: child.exitCode, millisecondsToFirstLine: firstLineAt - started }),
      );
      // The first line the logger wrote (a line written around it does not count).
      child.stdout?.on('data', (chunk: Buffer) => {
        if (!firstLineAt && chunk.toString().includes('"level"')) firstLineAt = Date.now();
      });
    });
  }

  it('writes lines in blocks, yet within a second when traffic is light', async () => {
    // Three short lines are far below a block: a marker written straight to the descriptor after them
    // comes out first. The process stays up for 3 s and the lines come out on the periodic flush, well
    // before it ends.
    const { stdout, millisecondsToFirstLine } = await runWithBufferedOutput(`
      import { writeSync } from 'node:fs';
      log.info('one'); log.info('two'); log.info('three');
      writeSync(1, '{"msg":"marker"}\\n');
      setTimeout(() => {}, 3000);
    `);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['marker', 'one', 'two', 'three']);
    expect(millisecondsToFirstLine).toBeLessThan(2500);
  });

  it('loses no line when the app closes, the process exits or an error goes uncaught', async () => {
    const flushed = await runWithBufferedOutput(
      `log.info('before close'); output.flushSync(); process.exit(0);`,
    );
    expect(flushed.stdout).toContain('"msg":"before close"');
    const exited = await runWithBufferedOutput(`log.info('before exit'); process.exit(3);`);
    expect(exited.code).toBe(3);
    expect(exited.stdout).toContain('"msg":"before exit"');
    const crashed = await runWithBufferedOutput(`log.error('before the crash'); throw new Error('boom');`);
    expect(crashed.code).not.toBe(0);
    expect(crashed.stdout).toContain('"msg":"before the crash"');
  });
});
