import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@teamhire/shared';
import { serverProcesses, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';
import { hashPassword } from '../platform/auth/password';

/**
 * The API process is killed with SIGKILL, again and again, in the middle of a stream of message
 * sends and order submits. After each restart, every write the API acknowledged is stored, no order
 * is half-written (an order always has its payment, and a confirmed order a completed one), and a
 * submit repeated with its Idempotency-Key never makes a second order.
 */

const KILLS = 3;
const PASSWORD = 'crash-test-pass';
const JWT_SECRET = 'crash-recovery-test-signing-key-0123456789';

interface Acknowledged {
  messages: number[];
  orders: { id: number; key: string }[];
  /** Idempotency keys of submits that got no answer (the process died under them). */
  unanswered: string[];
}

describe('SIGKILL during writes', () => {
  const { startServer, stopAll } = serverProcesses();
  let connectionString: string;
  let dropDatabase: () => Promise<void>;
  let client: pg.Client;
  let roomId: number;
  let packageId: number;

  // Messages are written as fast as possible: the per-minute chat limit is not what is tested here.
  const environment = () => ({
    DATABASE_URL: connectionString,
    JWT_SECRET,
    SEED_DEMO: 'false',
    CHAT_MESSAGES_PER_MINUTE: '100000',
    // One buyer writes orders as fast as it can: the test is about crashes, not purchase limits.
    PAYMENT_ATTEMPTS_PER_BUYER: '1000000',
    PAYMENT_ATTEMPTS_PER_ADDRESS: '1000000',
  });

  beforeAll(async () => {
    const database = await createTestDatabase();
    connectionString = database.connectionString;
    dropDatabase = database.drop;
    client = new pg.Client({ connectionString });
    await client.connect();
    const hash = await hashPassword(PASSWORD, 10);
    const insertUser = async (username: string, role: string, verified: boolean) =>
      (
        await client.query<{ id: number }>(
          `insert into users (username, email, password_hash, role, is_verified, email_verified)
           values ($1, $1 || '@example.com', $2, $3, $4, true) returning id`,
          [username, hash, role, verified],
        )
      ).rows[0]!.id;
    const adminId = await insertUser('crash_admin', 'TEAM_ADMIN', true);
    const buyerId = await insertUser('crash_buyer', 'BUYER', false);
    const teamId = (
      await client.query<{ id: number }>(
        `insert into teams (name, description, admin_id, max_members, member_count, is_active)
         values ('Crash Team', 'Survives restarts.', $1, 10, 1, true) returning id`,
        [adminId],
      )
    ).rows[0]!.id;
    await client.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')", [
      teamId,
      adminId,
    ]);
    roomId = (
      await client.query<{ id: number }>(
        'insert into chat_rooms (team_id, buyer_id) values ($1, $2) returning id',
        [teamId, buyerId],
      )
    ).rows[0]!.id;
    packageId = (
      await client.query<{ id: number }>(
        `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
         values ($1, 'Crash-proof landing page', 'A package bought while the server keeps dying.', 25000, 7, 'web', 'published')
         returning id`,
        [teamId],
      )
    ).rows[0]!.id;
  });

  afterAll(async () => {
    await stopAll();
    await client?.end();
    await dropDatabase?.();
  });

  async function signIn(server: ServerProcess): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'crash_buyer', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const orderBody = () => ({
    service_package_id: packageId,
    total_amount: 250,
    payment_method: 'credit_card',
    card: {
      card_number: TEST_CARDS.success,
      expiry_month: 12,
      expiry_year: new Date().getUTCFullYear() + 3,
      cvv: '321',
      cardholder_name: 'Crash Buyer',
    },
    billing_address: {
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
      country: 'US',
    },
  });

  function submitOrder(server: ServerProcess, token: string, key: string) {
    return fetch(`${server.baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(orderBody()),
    });
  }

  /** Writes as fast as two workers can until the process dies under them. */
  async function writeUntilKilled(server: ServerProcess, token: string, acknowledged: Acknowledged) {
    let alive = true;
    void server.exited.then(() => (alive = false));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const messages = async () => {
      while (alive) {
        try {
          const response = await fetch(`${server.baseUrl}/api/chat-rooms/${roomId}/messages`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ message_text: `crash ${randomUUID()}`, client_message_id: randomUUID() }),
          });
          if (response.status === 201)
            acknowledged.messages.push(((await response.json()) as { id: number }).id);
        } catch {
          return;
        }
      }
    };
    const orders = async () => {
      while (alive) {
        const key = randomUUID();
        try {
          const response = await submitOrder(server, token, key);
          if (response.status === 201) {
            acknowledged.orders.push({ id: ((await response.json()) as { id: number }).id, key });
          } else acknowledged.unanswered.push(key);
        } catch {
          acknowledged.unanswered.push(key);
          return;
        }
      }
    };
    const killer = (async () => {
      // Long enough for writes to be under way, short enough to land in the middle of some.
      await new Promise((done) => setTimeout(done, 400 + Math.floor(Math.random() * 600)));
      server.child.kill('SIGKILL');
      await server.exited;
    })();
    await Promise.all([messages(), messages(), orders(), orders(), killer]);
  }

  it('keeps every acknowledged write and never half-writes an order', async () => {
    const acknowledged: Acknowledged = { messages: [], orders: [], unanswered: [] };
    for (let kill = 0; kill < KILLS; kill += 1) {
      const server = await startServer(environment());
      const token = await signIn(server);
      await writeUntilKilled(server, token, acknowledged);
      expect(await server.exited).toBeNull();
    }
    expect(acknowledged.messages.length).toBeGreaterThan(0);
    expect(acknowledged.orders.length).toBeGreaterThan(0);

    const server = await startServer(environment());
    // A bigserial column: pg hands its values over as strings.
    const storedMessages = await client.query<{ id: string }>(
      'select id from chat_messages where chat_room_id = $1',
      [roomId],
    );
    const storedIds = new Set(storedMessages.rows.map((row) => Number(row.id)));
    expect(acknowledged.messages.filter((id) => !storedIds.has(id))).toEqual([]);

    const ordersWithPayments = await client.query<{
      id: number;
      status: string;
      payments: number;
      completed: number;
    }>(
      `select o.id, o.status, count(p.id)::int as payments,
              count(p.id) filter (where p.status = 'completed')::int as completed
       from orders o left join payments p on p.order_id = o.id
       where o.service_package_id = $1 group by o.id`,
      [packageId],
    );
    const byId = new Map(ordersWithPayments.rows.map((row) => [row.id, row]));
    for (const order of acknowledged.orders) {
      expect(byId.get(order.id), `acknowledged order ${order.id}`).toMatchObject({
        status: 'confirmed',
        payments: 1,
        completed: 1,
      });
    }
    // No order without its payment, and no confirmed order without a completed one.
    expect(ordersWithPayments.rows.filter((row) => row.payments !== 1)).toEqual([]);
    expect(
      ordersWithPayments.rows.filter((row) => row.status === 'confirmed' && row.completed !== 1),
    ).toEqual([]);

    // Submits that died unanswered are repeated with their key: each makes one order at most.
    const token = await signIn(server);
    for (const key of acknowledged.unanswered) {
      const response = await submitOrder(server, token, key);
      expect([201, 409]).toContain(response.status);
    }
    for (const order of acknowledged.orders.slice(0, 5)) {
      const replay = await submitOrder(server, token, order.key);
      expect(replay.status).toBe(201);
      expect(((await replay.json()) as { id: number }).id).toBe(order.id);
    }
    // Every order came with a key and every stored key with one order: no repeat made a second one.
    const counts = await client.query<{ orders: number; keys: number }>(
      `select (select count(*)::int from orders where service_package_id = $1) as orders,
              (select count(*)::int from idempotency_keys) as keys`,
      [packageId],
    );
    expect(counts.rows[0]!.orders).toBe(counts.rows[0]!.keys);
    expect(counts.rows[0]!.orders).toBeLessThanOrEqual(
      acknowledged.orders.length + acknowledged.unanswered.length,
    );
    // Server processes start, are killed and start again here: on a busy two-core machine (the whole
    // suite at once, on the embedded PostgreSQL) that took more than the default 30 s.
  }, 120_000);
});
