import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_CARDS,
  type ChatMessage,
  type Order,
  type OrderFile,
  type TokenResponse,
} from '@teamhire/shared';
import { sleep, spreadChannelIds, type TestTeam } from '../../test/chat-helpers';
import { expectLedgerBalanced } from '../../test/ledger-helpers';
import { requireNginx, startNginx, type Nginx } from '../../test/nginx';
import { storedNames } from '../../test/object-store';
import { billingAddress, FUTURE_YEAR, orderFixtures, type TestPackage } from '../../test/orders-helpers';
import { ReconnectingRoomSocket, type SocketConnection } from '../../test/reconnecting-socket';
import { startObjectStore, type ObjectStore } from '../../test/s3-server';
import { freePort, serverProcesses, type ServerProcess } from '../../test/server-process';
import { createTestDatabase, startTestApp, type TestContext } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { TEST_PASSWORD, type SignedInUser } from '../../test/users';

/**
 * Issue 33, many instances under a kill: three API processes on one database, one Redis and one
 * S3-compatible store (s3rver), behind nginx (round robin, sockets upgraded under /ws/), each running
 * the jobs. For about a minute buyers sign in, browse, buy with Idempotency-Keys, and chat with a team
 * member over sockets through the proxy, while the member starts the work, uploads a file to the
 * order and delivers, and the buyer accepts (or leaves the order to the auto-complete sweep). In the
 * middle one instance is killed with SIGKILL and started again on its port. Then: every acknowledged
 * message, order and file is stored once (files in the bucket too), every order paid once and every
 * Idempotency-Key names one order, the ledger balances, no sweep changed an order twice and the
 * schedule ran once per minute across the three instances, the sockets came back and got what was
 * said after the kill, and nginx answered 5xx only for requests caught by the killed instance while
 * it was down.
 */

const INSTANCES = 3;
/** How long the load runs, and when in it the kill comes. */
const LOAD_MS = 60_000;
const KILL_AFTER_MS = 22_000;
/** The load goes on at least this long after the restarted instance is healthy, so it serves again. */
const LOAD_AFTER_RESTART_MS = 15_000;
/** A bound on the load whatever happens (a restart that takes very long). */
const LOAD_MAX_MS = 150_000;
/** Caps on each worker's operations: the load ends at its deadline or at these, whichever first. */
const CAPS = { messagesPerSender: 600, ordersPerBuyer: 150, browses: 2_000, signIns: 400 };
/** A request failing with 5xx or a network error is repeated (with the same key) for this long. */
const RETRY_FOR_MS = 60_000;
/** A socket that closed this soon after a message was acknowledged may have lost it in flight. */
const IN_FLIGHT_MS = 3_000;
/** Extra runs of the sweeps the test queues (besides the schedule), marked so they can be told apart. */
const JOB_SOURCE = 'many-instances-kill';
const SWEEPS = ['orders.auto-complete', 'orders.remind-due'] as const;
const JWT_SECRET = 'many-instances-kill-test-signing-key-0123456789';

/** How an order ends: the buyer accepts, the auto-complete sweep completes it, or both race. */
type Ending = 'accept' | 'auto' | 'race';

interface Answer {
  status: number;
  body: unknown;
  /** The upstream that answered (the last one nginx tried), from `X-Upstream`. */
  upstream: string;
  at: number;
  attempts: number;
}

/** A 5xx answer or a network error the load met (and retried). */
interface Failure {
  at: number;
  what: string;
  status: number | 'network';
  upstream: string;
  detail: string;
}

interface SentMessage {
  id: number;
  clientId: string;
  from: 'buyer' | 'member';
  sentAt: number;
  ackedAt: number;
  attempts: number;
  upstream: string;
}

interface Purchase {
  id: number;
  key: string;
  buyerId: number;
  ending: Ending;
}

interface UploadedFile {
  id: string;
  orderId: number;
  content: string;
}

const lastUpstream = (header: string) => header.split(/, | : /).at(-1) ?? '';
const addressOf = (server: ServerProcess) => `127.0.0.1:${server.port}`;

describe('three instances behind nginx, one killed under load', () => {
  const { startServer, stopAll } = serverProcesses();
  let dropDatabase: (() => Promise<void>) | undefined;
  let checker: Omit<TestContext, 'connectionString'> | undefined;
  let context: TestContext;
  let objectStore: ObjectStore | undefined;
  let nginx: Nginx | undefined;
  let boss: PgBoss | undefined;
  let instances: ServerProcess[] = [];
  let firstStartAt = 0;
  let team: TestTeam;
  let member: SignedInUser;
  let buyers: SignedInUser[] = [];
  const items: TestPackage[] = [];
  let roomId = 0;
  let nginxPort = 0;
  const sockets: ReconnectingRoomSocket[] = [];

  const environment = (): Record<string, string> => ({
    DATABASE_URL: context.connectionString,
    REDIS_URL: 'redis://127.0.0.1:6379',
    JWT_SECRET,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'true',
    TRUST_PROXY: 'true',
    // Sockets are opened through the proxy, with its origin.
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '6',
    // All of the load comes from 127.0.0.1, far beyond what one address may do by default.
    ADDRESS_RATE_LIMIT_SCALE: '10000',
    PAYMENT_ATTEMPTS_PER_BUYER: '1000000',
    PAYMENT_ATTEMPTS_PER_ADDRESS: '1000000',
    CHAT_MESSAGES_PER_MINUTE: '100000',
    CHAT_UPLOADS_PER_MINUTE: '100000',
    // Shedding load (503) is tested on its own; on a busy CI machine it would only blur which 5xx
    // the kill caused.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...objectStore!.environment,
  });

  beforeAll(async () => {
    requireNginx();
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    objectStore = await startObjectStore();
    // An app of the test's own on the same database: fixtures, and the checks at the end.
    checker = await startTestApp(database.connectionString, { ...objectStore.environment, JWT_SECRET });
    context = { ...checker, connectionString: database.connectionString };
    // The machine's Redis is shared with other test files, and has no key prefix to set: its channels
    // carry room and user ids (pub/sub ignores the db number), so the ids here start far from theirs.
    await spreadChannelIds(context);
    const fixtures = orderFixtures(context);
    team = await fixtures.createTeam({ members: 1 });
    member = team.members[0]!;
    buyers = [await fixtures.buyer(), await fixtures.buyer()];
    roomId = await fixtures.buyerRoom(buyers[0]!, team.id);
    for (let index = 0; index < 3; index += 1) {
      items.push(await fixtures.createPackage({ team, priceCents: 25_000 }));
    }
    // Due in a day: every order is due tomorrow the moment it is paid, so the reminder sweep claims
    // each one still open when it runs.
    await context.database.pool.query('update service_packages set duration_days = 1 where team_id = $1', [
      team.id,
    ]);

    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    nginxPort = await freePort();
    firstStartAt = Date.now();
    instances = await Promise.all(ports.map((port) => startServer(environment(), { port })));
    // A failed instance is tried again after a second: while it is down, requests keep reaching it
    // and must move on to another one rather than fail.
    nginx = await startNginx({ port: nginxPort, upstreamPorts: ports, failTimeoutSeconds: 1 });
    boss = new PgBoss({
      connectionString: database.connectionString,
      schema: 'pgboss',
      max: 2,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.stop()));
    await boss?.stop({ graceful: false }).catch(() => undefined);
    await nginx?.stop();
    await stopAll();
    await checker?.close();
    await objectStore?.stop();
    await dropDatabase?.();
  });

  it('keeps every acknowledged write once, pays once, runs each sweep once and reconnects sockets', async () => {
    const failures: Failure[] = [];
    const messages: SentMessage[] = [];
    const purchases: Purchase[] = [];
    const files: UploadedFile[] = [];
    /** Steps whose first attempt died and whose repeat was refused because the first had done it. */
    let doneByLostAttempt = 0;
    let browses = 0;
    let signIns = 0;
    let queuedSweeps = 0;
    /** Set when a worker fails: the others stop instead of loading a test that has failed already. */
    let aborted = false;

    async function once(
      method: string,
      path: string,
      options: { token?: string; json?: object; body?: Buffer; headers?: Record<string, string> },
    ) {
      const response = await fetch(`${nginx!.origin}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.json ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        body: options.json ? JSON.stringify(options.json) : options.body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON (a file, or nginx's own error page): kept as text.
      }
      return {
        status: response.status,
        body,
        upstream: lastUpstream(response.headers.get('x-upstream') ?? ''),
        at: Date.now(),
      };
    }

    /**
     * One call through nginx, repeated as a client would on a network error or a 5xx (with the same
     * body, so the same Idempotency-Key or client message id), each failure recorded.
     */
    async function call(
      what: string,
      method: string,
      path: string,
      options: { token?: string; json?: object; body?: Buffer; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const started = Date.now();
      for (let attempts = 1; ; attempts += 1) {
        let detail: string;
        let failed: Omit<Failure, 'detail' | 'what'>;
        try {
          const answer = await once(method, path, options);
          if (answer.status < 500) return { ...answer, attempts };
          detail = typeof answer.body === 'string' ? answer.body.slice(0, 200) : JSON.stringify(answer.body);
          failed = { at: answer.at, status: answer.status, upstream: answer.upstream };
        } catch (error) {
          detail = String(error);
          failed = { at: Date.now(), status: 'network', upstream: '' };
        }
        failures.push({ ...failed, what, detail });
        if (aborted || Date.now() - started > RETRY_FOR_MS) {
          throw new Error(`${what}: still failing after ${attempts} attempts (${failed.status}): ${detail}`);
        }
        await sleep(250);
      }
    }

    function expectStatus(answer: Answer, status: number, what: string) {
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
    }

    async function signIn(user: SignedInUser): Promise<string> {
      const answer = await call(`sign in ${user.username}`, 'POST', '/api/auth/login', {
        json: { username: user.username, password: TEST_PASSWORD },
      });
      expectStatus(answer, 200, `sign in ${user.username}`);
      signIns += 1;
      return (answer.body as TokenResponse).access_token;
    }

    const memberToken = await signIn(member);
    const buyerTokens = [await signIn(buyers[0]!), await signIn(buyers[1]!)];
    const socketUrl = (token: string) =>
      `${nginx!.origin.replace(/^http/, 'ws')}/ws/chat/${roomId}?access_token=${encodeURIComponent(token)}`;
    const buyerSocket = new ReconnectingRoomSocket(
      socketUrl(buyerTokens[0]!),
      nginx!.origin,
      `user:${buyers[0]!.id}`,
    );
    const memberSocket = new ReconnectingRoomSocket(
      socketUrl(memberToken),
      nginx!.origin,
      `user:${member.id}`,
    );
    sockets.push(buyerSocket, memberSocket);
    await Promise.all([buyerSocket.joined(), memberSocket.joined()]);

    const loadStart = Date.now();
    let loadEnd = loadStart + LOAD_MS;
    let killAt = 0;
    let upAt = 0;
    let target: ServerProcess | undefined;
    /** Over once the restarted instance has served a while and the minute is up, or at the bound. */
    const over = () =>
      aborted || Date.now() >= loadStart + LOAD_MAX_MS || (upAt > 0 && Date.now() >= loadEnd);

    // ------------------------------------------------------------------------------------------
    // The load.

    async function chatter(from: 'buyer' | 'member', token: string) {
      for (let count = 0; count < CAPS.messagesPerSender && !over(); count += 1) {
        const clientId = randomUUID();
        const sentAt = Date.now();
        const answer = await call(`${from} message ${count}`, 'POST', `/api/chat-rooms/${roomId}/messages`, {
          token,
          json: { message_text: `${from} says ${count}`, client_message_id: clientId },
        });
        expectStatus(answer, 201, `${from} message ${count}`);
        messages.push({
          id: (answer.body as ChatMessage).id,
          clientId,
          from,
          sentAt,
          ackedAt: answer.at,
          attempts: answer.attempts,
          upstream: answer.upstream,
        });
        await sleep(150);
      }
    }

    async function orderStatus(orderId: number, token: string) {
      const answer = await call(`read order ${orderId}`, 'GET', `/api/orders/${orderId}`, { token });
      expectStatus(answer, 200, `read order ${orderId}`);
      return (answer.body as Order).status;
    }

    /**
     * An order step: done when answered with `status`, or when its first attempt died unanswered and
     * the repeat is refused (409) because the order has moved on already (or, for a step that races
     * the sweep, because the sweep got there first).
     */
    async function step(
      what: string,
      request: { method: string; path: string; token: string; json?: object },
      status: number,
      reached: (current: string) => boolean,
      races = false,
    ) {
      const answer = await call(what, request.method, request.path, {
        token: request.token,
        json: request.json ?? {},
      });
      if (answer.status === status) return;
      const orderId = Number(request.path.split('/')[3]);
      if (
        answer.status === 409 &&
        (races || answer.attempts > 1) &&
        reached(await orderStatus(orderId, request.token))
      ) {
        if (answer.attempts > 1) doneByLostAttempt += 1;
        return;
      }
      expectStatus(answer, status, what);
    }

    async function finish(purchase: Purchase, buyerToken: string) {
      const { id } = purchase;
      await step(
        `start work on ${id}`,
        {
          method: 'PUT',
          path: `/api/orders/${id}/status`,
          token: memberToken,
          json: { status: 'in_progress' },
        },
        200,
        (current) => current !== 'confirmed',
      );
      const content = `The work of order ${id}: ${randomUUID()}`;
      const body = multipart(`work-${id}.txt`, 'text/plain', Buffer.from(content));
      const uploaded = await call(`upload to ${id}`, 'POST', `/api/orders/${id}/files`, {
        token: memberToken,
        body: body.payload,
        headers: body.headers,
      });
      expectStatus(uploaded, 201, `upload to ${id}`);
      const file = uploaded.body as OrderFile;
      files.push({ id: file.id, orderId: id, content });
      await step(
        `deliver ${id}`,
        {
          method: 'POST',
          path: `/api/orders/${id}/deliveries`,
          token: memberToken,
          json: { message: `Here is the work for order ${id}.`, file_ids: [file.id] },
        },
        201,
        (current) => current === 'delivered' || current === 'completed',
      );
      if (purchase.ending !== 'accept') {
        // Three days pass for this order: its delivery is due for the auto-complete sweep.
        await context.database.pool.query(
          "update orders set auto_complete_at = now() - interval '1 second' where id = $1",
          [id],
        );
      }
      if (purchase.ending !== 'auto') {
        // Racing the sweep (`race`), the buyer may find the order completed already (409).
        await step(
          `accept ${id}`,
          { method: 'POST', path: `/api/orders/${id}/accept`, token: buyerToken },
          200,
          (current) => current === 'completed',
          purchase.ending === 'race',
        );
      }
    }

    const parked: { purchase: Purchase; token: string }[] = [];

    async function buyer(index: number) {
      const token = buyerTokens[index]!;
      const item = items[index % items.length]!;
      for (let count = 0; count < CAPS.ordersPerBuyer && !over(); count += 1) {
        const key = randomUUID();
        const answer = await call(`purchase ${index}/${count}`, 'POST', '/api/orders', {
          token,
          headers: { 'idempotency-key': key },
          json: {
            service_package_id: item.id,
            total_amount: item.price,
            payment_method: 'credit_card',
            card: {
              card_number: TEST_CARDS.success,
              expiry_month: 12,
              expiry_year: FUTURE_YEAR,
              cvv: '123',
              cardholder_name: 'Kill Test Buyer',
            },
            billing_address: billingAddress,
          },
        });
        expectStatus(answer, 201, `purchase ${index}/${count}`);
        const ending: Ending = count % 5 === 1 ? 'race' : count % 5 === 3 ? 'auto' : 'accept';
        const purchase = { id: (answer.body as Order).id, key, buyerId: buyers[index]!.id, ending };
        purchases.push(purchase);
        // Every fifth order stays confirmed through the kill (and the reminder sweeps) until the end.
        if (count % 5 === 4) parked.push({ purchase, token });
        else await finish(purchase, token);
        await sleep(200);
      }
    }

    async function browser() {
      const searches = [
        () => call('list packages', 'GET', '/api/service-packages?limit=20'),
        () =>
          call('search packages', 'POST', '/api/service-packages/search', {
            json: { search_term: 'order test' },
          }),
        () => call('read a package', 'GET', `/api/service-packages/${items[browses % items.length]!.id}`),
      ];
      for (; browses < CAPS.browses && !over(); browses += 1) {
        const answer = await searches[browses % searches.length]!();
        expectStatus(answer, 200, 'browse');
        await sleep(100);
      }
    }

    async function signer() {
      const everyone = [member, team.admin, ...buyers];
      for (let count = 0; count < CAPS.signIns && !over(); count += 1) {
        await signIn(everyone[count % everyone.length]!);
        await sleep(400);
      }
    }

    /** Queues runs of the sweeps besides the schedule's, two at a time so that instances race on them. */
    async function queueSweeps() {
      for (const queue of SWEEPS) {
        for (let copy = 0; copy < 2; copy += 1) {
          if (await boss!.send(queue, { source: JOB_SOURCE })) queuedSweeps += 1;
        }
      }
    }

    async function sweeper() {
      while (!over()) {
        await queueSweeps();
        await sleep(3_000);
      }
    }

    async function killer() {
      await sleep(Math.max(0, loadStart + KILL_AFTER_MS - Date.now()));
      if (aborted) return;
      // The instance holding the buyer's socket, so that the socket has to come back.
      const address = buyerSocket.live?.upstream ?? memberSocket.live?.upstream;
      target = instances.find((instance) => addressOf(instance) === address) ?? instances[0]!;
      await queueSweeps();
      killAt = Date.now();
      target.child.kill('SIGKILL');
      expect(await target.exited).toBeNull();
      const restarted = await startServer(environment(), { port: target.port });
      instances = instances.map((instance) => (instance === target ? restarted : instance));
      upAt = Date.now();
      loadEnd = Math.max(loadStart + LOAD_MS, upAt + LOAD_AFTER_RESTART_MS);
    }

    const worker = (work: Promise<void>) =>
      work.catch((error: unknown) => {
        aborted = true;
        throw error;
      });
    await Promise.all(
      [
        chatter('buyer', buyerTokens[0]!),
        chatter('member', memberToken),
        buyer(0),
        buyer(1),
        browser(),
        signer(),
        sweeper(),
        killer(),
      ].map(worker),
    );
    const loadEndedAt = Date.now();
    expect(upAt, 'the killed instance was started again').toBeGreaterThan(0);
    const targetAddress = addressOf(target!);

    // The orders that stayed confirmed through the kill are finished now.
    for (const { purchase, token } of parked) await finish(purchase, token);

    // ------------------------------------------------------------------------------------------
    // Sockets: each came back, and got live what the other side said while it was connected.

    /** What the socket must have received: the other side's messages sent while one of its connections listened. */
    function expectedOn(socket: ReconnectingRoomSocket, from: SentMessage['from']) {
      const required: { message: SentMessage; connection: SocketConnection }[] = [];
      const answeredOnRepeat: SentMessage[] = [];
      for (const message of messages.filter((sent) => sent.from === from)) {
        const connection = socket.connections.find(
          (candidate) =>
            candidate.joinedAt !== undefined &&
            candidate.joinedAt <= message.sentAt &&
            (candidate.closedAt ?? Infinity) >= message.ackedAt + IN_FLIGHT_MS,
        );
        if (!connection) continue;
        // A repeat of a message the killed instance had stored is answered with it, not broadcast again.
        if (message.attempts > 1) answeredOnRepeat.push(message);
        else required.push({ message, connection });
      }
      return { required, answeredOnRepeat };
    }
    const missing = () =>
      [...expectedOn(buyerSocket, 'member').required, ...expectedOn(memberSocket, 'buyer').required].filter(
        ({ message, connection }) => !connection.received.has(message.id),
      );
    const deadline = Date.now() + 15_000;
    while (missing().length > 0 && Date.now() < deadline) await sleep(250);
    expect(
      missing().map(({ message, connection }) => ({
        id: message.id,
        from: message.from,
        on: connection.upstream,
      })),
      'messages not received live on a socket that listened',
    ).toEqual([]);

    const buyerConnections = buyerSocket.connections.filter(
      (connection) => connection.joinedAt !== undefined,
    );
    expect(
      buyerConnections.some((connection) => connection.upstream === targetAddress),
      'the buyer socket was on the killed instance',
    ).toBe(true);
    const comeBack = buyerConnections.filter((connection) => connection.joinedAt! > killAt);
    expect(comeBack.length, 'the buyer socket joined again after the kill').toBeGreaterThan(0);
    for (const [socket, from] of [
      [buyerSocket, 'member'],
      [memberSocket, 'buyer'],
    ] as const) {
      const afterKill = messages.filter(
        (message) =>
          message.from === from &&
          message.sentAt > killAt &&
          socket.connections.some((connection) => connection.received.has(message.id)),
      );
      expect(afterKill.length, `${from}'s messages after the kill, received live`).toBeGreaterThan(0);
    }
    const sentBy = new Map(messages.map((message) => [message.id, message]));
    const crossed = [buyerSocket, memberSocket]
      .flatMap((socket) => socket.connections)
      .flatMap((connection) =>
        [...connection.received.keys()].filter((id) => {
          const sent = sentBy.get(id);
          return sent !== undefined && sent.upstream !== connection.upstream;
        }),
      );
    expect(crossed.length, 'messages that went from one instance to a socket on another').toBeGreaterThan(0);
    const answeredOnRepeat = [
      ...expectedOn(buyerSocket, 'member').answeredOnRepeat,
      ...expectedOn(memberSocket, 'buyer').answeredOnRepeat,
    ];
    const repeatsNotLive = answeredOnRepeat.filter(
      (message) =>
        !(message.from === 'member' ? buyerSocket : memberSocket).connections.some((connection) =>
          connection.received.has(message.id),
        ),
    ).length;

    // ------------------------------------------------------------------------------------------
    // The sweeps: queue a last round and wait until every order left to auto-complete is completed.

    const waitingOn = purchases
      .filter((purchase) => purchase.ending !== 'accept')
      .map((purchase) => purchase.id);
    await queueSweeps();
    const sweepDeadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await context.database.pool.query<{ open: number }>(
        "select count(*)::int as open from orders where id = any($1) and status <> 'completed'",
        [waitingOn],
      );
      if (rows[0]!.open === 0) break;
      if (Date.now() > sweepDeadline) {
        throw new Error(`${rows[0]!.open} orders due for auto-complete were never completed by a sweep`);
      }
      await sleep(1_000);
    }
    await Promise.all(sockets.map((socket) => socket.stop()));

    // ------------------------------------------------------------------------------------------
    // Messages: each acknowledged one stored once, under its client id, and nothing else in the room.

    const query = async <Row extends object>(text: string, values: unknown[] = []) =>
      (await context.database.pool.query<Row & Record<string, unknown>>(text, values)).rows;
    const storedMessages = await query<{ id: string; client_message_id: string }>(
      'select id, client_message_id from chat_messages where chat_room_id = $1',
      [roomId],
    );
    const byClientId = new Map<string, number[]>();
    for (const row of storedMessages) {
      byClientId.set(row.client_message_id, [
        ...(byClientId.get(row.client_message_id) ?? []),
        Number(row.id),
      ]);
    }
    expect(
      messages.filter((message) => byClientId.get(message.clientId)?.join() !== String(message.id)),
      'acknowledged messages not stored exactly once under their id',
    ).toEqual([]);
    expect(storedMessages.length, 'messages stored in the room').toBe(messages.length);

    // ------------------------------------------------------------------------------------------
    // Orders: each paid once, completed once, its key naming it; no order a retry made twice.

    const buyerIds = buyers.map((user) => user.id);
    const orders = await query<{
      id: number;
      status: string;
      payments: number;
      paid: number;
      accepted: number;
      auto_completed: number;
      reminders: number;
      reminded: boolean;
    }>(
      `select o.id, o.status::text as status,
              (select count(*)::int from payments p where p.order_id = o.id) as payments,
              (select count(*)::int from payments p where p.order_id = o.id and p.status = 'completed') as paid,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'accepted') as accepted,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'auto_completed')
                as auto_completed,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'due_reminder')
                as reminders,
              o.due_reminder_sent_at is not null as reminded
       from orders o where o.buyer_id = any($1)`,
      [buyerIds],
    );
    const orderById = new Map(orders.map((row) => [row.id, row]));
    expect(orders.length, 'orders of the buyers against acknowledged purchases').toBe(purchases.length);
    const wrongOrders = purchases
      .map((purchase) => ({ purchase, row: orderById.get(purchase.id) }))
      .filter(({ purchase, row }) => {
        if (!row || row.status !== 'completed' || row.payments !== 1 || row.paid !== 1) return true;
        if (row.accepted + row.auto_completed !== 1) return true;
        if (purchase.ending === 'accept') return row.accepted !== 1;
        if (purchase.ending === 'auto') return row.auto_completed !== 1;
        return false;
      });
    expect(wrongOrders, 'orders not paid once and completed once, as they were meant to end').toEqual([]);
    // The reminder sweep claims an order once, however many instances run it at the same moment.
    expect(
      orders.filter((row) => row.reminders !== (row.reminded ? 1 : 0)),
      'orders reminded other than once',
    ).toEqual([]);
    const reminded = orders.filter((row) => row.reminded).length;
    expect(reminded, 'orders the reminder sweep reached').toBeGreaterThan(0);

    const keys = await query<{ key: string; order_id: string | null }>(
      "select key, response_body->>'id' as order_id from idempotency_keys where user_id = any($1)",
      [buyerIds],
    );
    const orderOfKey = new Map(keys.map((row) => [row.key, Number(row.order_id)]));
    expect(keys.length, 'idempotency keys against orders').toBe(orders.length);
    expect(
      purchases.filter((purchase) => orderOfKey.get(purchase.key) !== purchase.id),
      'purchases whose key does not name their order',
    ).toEqual([]);
    // A repeat with a key, on whichever instance nginx picks, answers with the same order.
    for (const purchase of purchases.slice(0, 6)) {
      const item = items[buyerIds.indexOf(purchase.buyerId) % items.length]!;
      const replay = await call('replay a purchase', 'POST', '/api/orders', {
        token: buyerTokens[buyerIds.indexOf(purchase.buyerId)]!,
        headers: { 'idempotency-key': purchase.key },
        json: {
          service_package_id: item.id,
          total_amount: item.price,
          payment_method: 'credit_card',
          card: {
            card_number: TEST_CARDS.success,
            expiry_month: 12,
            expiry_year: FUTURE_YEAR,
            cvv: '123',
            cardholder_name: 'Kill Test Buyer',
          },
          billing_address: billingAddress,
        },
      });
      expectStatus(replay, 201, 'replay a purchase');
      expect((replay.body as Order).id).toBe(purchase.id);
    }

    // ------------------------------------------------------------------------------------------
    // Files: each acknowledged one recorded once, in its delivery, in the bucket, and served.

    const storedFiles = await query<{ id: string; order_id: number; delivery_id: number | null }>(
      'select id, order_id, delivery_id from order_files where order_id = any($1)',
      [purchases.map((purchase) => purchase.id)],
    );
    const fileById = new Map(storedFiles.map((row) => [row.id, row]));
    expect(
      files.filter((file) => {
        const row = fileById.get(file.id);
        return !row || row.order_id !== file.orderId || row.delivery_id === null;
      }),
      'acknowledged files not recorded in their delivery',
    ).toEqual([]);
    const notInBucket: string[] = [];
    for (const orderId of new Set(files.map((file) => file.orderId))) {
      const names = await storedNames(context.config, `orders/${orderId}`);
      for (const file of files.filter((entry) => entry.orderId === orderId)) {
        if (!names.includes(file.id)) notInBucket.push(file.id);
      }
    }
    expect(notInBucket, 'acknowledged files missing from the bucket').toEqual([]);
    for (const file of files) {
      const download = await call('download a file', 'GET', `/api/orders/${file.orderId}/files/${file.id}`, {
        token: memberToken,
      });
      expectStatus(download, 200, `download ${file.id}`);
      expect(download.body).toBe(file.content);
    }

    // ------------------------------------------------------------------------------------------
    // Money and jobs.

    // No job ran twice. Above, in what the sweeps did: each order completed by one acceptance or one
    // auto-complete (ledger entries once, checked here), reminded at most once, though two runs of
    // each sweep were queued every 3 s and three instances raced on them. Here, in pg-boss's books.
    await expectLedgerBalanced(context);
    const jobs = await query<{ name: string; source: string | null; state: string; count: number }>(
      `select name, data->>'source' as source, state::text as state, count(*)::int as count
       from (select name, data, state from pgboss.job union all select name, data, state from pgboss.archive) jobs
       group by 1, 2, 3`,
    );
    const sendIts = await query<{ queue: string; count: number }>(
      `select singleton_key as queue, count(*)::int as count
       from (select name, singleton_key from pgboss.job union all select name, singleton_key from pgboss.archive) jobs
       where name = '__pgboss__send-it' group by 1`,
    );
    // Each instance runs pg-boss's cron monitor; the schedule still makes one run a minute, not three.
    const minutes = Math.ceil((Date.now() - firstStartAt) / 60_000) + 1;
    const scheduled = await query<{ name: string }>('select name from pgboss.schedule');
    for (const { name } of scheduled) {
      const fromSchedule = jobs
        .filter((job) => job.name === name && job.source !== JOB_SOURCE)
        .reduce((sum, job) => sum + job.count, 0);
      const sent = sendIts.find((row) => row.queue === name)?.count ?? 0;
      expect(sent, `scheduled runs of ${name} in ${minutes} minutes`).toBeLessThanOrEqual(minutes);
      expect(fromSchedule, `jobs of ${name} made by its schedule`).toBeLessThanOrEqual(sent);
    }
    expect(
      jobs.filter((job) => job.state === 'failed' && !job.name.startsWith('__pgboss__')),
      'jobs that failed',
    ).toEqual([]);
    expect(
      jobs.filter((job) => job.source === JOB_SOURCE).reduce((sum, job) => sum + job.count, 0),
      'queued sweep runs, each stored once',
    ).toBe(queuedSweeps);

    // ------------------------------------------------------------------------------------------
    // 5xx: only from the killed instance, only while it was down.

    const requests = await nginx!.requests();
    const windowEnd = upAt + 1_000;
    const inKillWindow = (at: number, upstream: string) =>
      at >= killAt && at <= windowEnd && upstream === targetAddress;
    const serverErrors = requests.filter((request) => request.status >= 500);
    expect(
      serverErrors.filter((request) => !inKillWindow(request.at, request.upstreams.at(-1) ?? '')),
      `5xx outside the kill window [${killAt}, ${windowEnd}] of ${targetAddress}`,
    ).toEqual([]);
    expect(
      failures.filter(
        (failure) => failure.status === 'network' || !inKillWindow(failure.at, failure.upstream),
      ),
      'failures the load met outside the kill window',
    ).toEqual([]);
    const servedAgain = requests.filter(
      (request) => request.at > upAt && request.upstreams.at(-1) === targetAddress && request.status < 500,
    ).length;
    expect(servedAgain, 'requests the restarted instance served').toBeGreaterThan(0);
    for (const instance of instances) {
      expect(
        requests.some((request) => request.upstreams.includes(addressOf(instance))),
        `requests served by ${addressOf(instance)}`,
      ).toBe(true);
    }
    const movedOn = requests.filter((request) => request.upstreams.length > 1).length;
    expect(movedOn, 'requests that met the instance down and moved on to another').toBeGreaterThan(0);

    console.info(
      `many-instances-kill: load ${Math.round((loadEndedAt - loadStart) / 1000)} s, down ${
        Math.round((upAt - killAt) / 100) / 10
      } s; ${messages.length} messages, ${purchases.length} orders, ${files.length} files, ${browses} browses, ` +
        `${signIns} sign-ins, ${queuedSweeps} extra sweeps, ${reminded} reminders; ${requests.length} requests ` +
        `through nginx, ${serverErrors.length} 5xx in the kill window (${serverErrors
          .map((request) => `${request.method} ${request.path} ${request.status}`)
          .join(', ')}), ${movedOn} moved on to another instance, ` +
        `${failures.length} retried by the load, ${doneByLostAttempt} steps done by a lost attempt, ` +
        `${repeatsNotLive}/${answeredOnRepeat.length} repeated messages not received live; buyer socket ` +
        `connections ${buyerSocket.connections.length} (refused upgrades: ${
          buyerSocket.connections.filter((connection) => connection.refusedStatus !== undefined).length
        })`,
    );
  }, 300_000);
});
