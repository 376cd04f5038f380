import { createServer, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createMailer } from './mailer';

/**
 * The outside world's mail server, reduced to what a client needs to hand over a message: the
 * greeting, EHLO, MAIL, RCPT, DATA and QUIT. Refuses every recipient at `refused.example`.
 */
interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

function startSmtpSink(): Promise<{ server: Server; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            current.data += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 sink');
        else if (command === 'MAIL') {
          current.from = line.slice(10).replace(/[<>]/g, '');
          reply('250 ok');
        } else if (command === 'RCPT') {
          const address = line.slice(8).replace(/[<>]/g, '');
          if (address.endsWith('@refused.example')) reply('550 no such user');
          else {
            current.to.push(address);
            reply('250 ok');
          }
        } else if (command === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the condition did not come true');
}

describe('the mailer with SMTP_URL', () => {
  let context: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    context = await createTestApp();
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await context.close();
    await new Promise((done) => sink.server.close(done));
  });

  const outboxRow = (id: number) =>
    context.database.pool
      .query<{
        sent_at: Date | null;
        error: string | null;
      }>('select sent_at, error from email_outbox where id = $1', [id])
      .then((result) => result.rows[0]);

  const latestOutboxId = () =>
    context.database.pool
      .query<{ id: number }>('select max(id) as id from email_outbox')
      .then((result) => result.rows[0]!.id);

  function mailer() {
    return createMailer({
      db: context.database.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'TeamHire <no-reply@teamhire.test>',
      logger: pino({ level: 'silent' }),
    });
  }

  it('hands the message to the SMTP server and marks the outbox row as sent', async () => {
    await mailer().send({
      to: 'reader@example.com',
      subject: 'Your order has started',
      text: 'The team started work on your order.',
      html: '<p>The team started work on your order.</p>',
    });
    const id = await latestOutboxId();
    const row = await waitFor(async () => {
      const current = await outboxRow(id);
      return current?.sent_at ? current : undefined;
    });
    expect(row.error).toBeNull();
    const mail = sink.received.find((item) => item.to.includes('reader@example.com'));
    expect(mail?.from).toBe('no-reply@teamhire.test');
    expect(mail?.data).toContain('Subject: Your order has started');
    expect(mail?.data).toContain('The team started work on your order.');
  });

  it('records a refusal of the server on the outbox row instead of failing the request', async () => {
    await mailer().send({
      to: 'ghost@refused.example',
      subject: 'Undeliverable',
      text: 'Nobody reads this.',
      html: '<p>Nobody reads this.</p>',
    });
    const id = await latestOutboxId();
    const row = await waitFor(async () => {
      const current = await outboxRow(id);
      return current?.error ? current : undefined;
    });
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/550|recipient/i);
  });
});
