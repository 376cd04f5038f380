// Chat under load: 2,000 sockets in 200 rooms and messages at a fixed rate (the capacity ramp and the
// reconnect storm are in chat-capacity.mjs). The rooms, users and sessions are rows written
// straight into the benchmark's database; the access tokens are signed with the server's JWT_SECRET,
// exactly as access-tokens.ts signs them, so no sign-in (and no sign-in rate limit) is involved.
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { quantile, round1 } from './statistics.mjs';

export const CHAT_ROOMS = 200;
export const SOCKETS_PER_ROOM = 10;
const CONNECT_CONCURRENCY = 50;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const base64url = (value) => Buffer.from(value).toString('base64url');

/** An HS256 access token with the claims access-tokens.ts issues and verifies. */
export function signAccessToken(secret, { userId, sessionId }) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      typ: 'access',
      sid: sessionId,
      sub: String(userId),
      aud: 'teamhire-api',
      iss: 'teamhire',
      jti: randomUUID(),
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * One team, 200 buyers each with a live session and a room with the team. Ids start high: Redis
 * publish/subscribe channels (`room:{id}`, `user:{id}`) are shared by every database on the machine,
 * and other test runs may use the same Redis at the same time.
 */
export async function seedChat(databaseUrl, secret) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const offset = 1_000_000_000 + Math.floor(Math.random() * 100_000_000);
    await client.query(`select setval('users_id_seq', $1), setval('chat_rooms_id_seq', $1)`, [offset]);
    const {
      rows: [admin],
    } = await client.query(
      `insert into users (username, email, password_hash, role, email_verified, is_verified)
       values ('bench_chat_admin', 'bench_chat_admin@example.com', 'not-a-usable-hash', 'TEAM_ADMIN', true, true)
       returning id`,
    );
    const {
      rows: [team],
    } = await client.query(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ('Bench Chat Team', 'The team of the chat benchmark.', $1, 10, 1, true) returning id`,
      [admin.id],
    );
    const { rows: buyers } = await client.query(
      `insert into users (username, email, password_hash, role, email_verified, is_verified)
       select 'bench_buyer_' || g, 'bench_buyer_' || g || '@example.com', 'not-a-usable-hash', 'BUYER', true, true
         from generate_series(1, $1::int) g
       returning id`,
      [CHAT_ROOMS],
    );
    const sessions = buyers.map((buyer) => ({ userId: buyer.id, sessionId: randomUUID() }));
    await client.query(
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select user_id, family_id, 'bench-' || family_id, now() + interval '1 day'
         from unnest($1::int[], $2::uuid[]) as s(user_id, family_id)`,
      [sessions.map((session) => session.userId), sessions.map((session) => session.sessionId)],
    );
    const { rows: rooms } = await client.query(
      `insert into chat_rooms (team_id, buyer_id) select $1, unnest($2::int[]) returning id, buyer_id`,
      [team.id, sessions.map((session) => session.userId)],
    );
    const tokenOf = new Map(sessions.map((session) => [session.userId, signAccessToken(secret, session)]));
    return rooms.map((room) => ({ roomId: room.id, token: tokenOf.get(room.buyer_id) }));
  } finally {
    await client.end();
  }
}

/**
 * Opens a socket and resolves once it is in its room: for our server when its own user_joined comes
 * back (the server subscribed it first), for the bare one when it opens.
 */
function openSocket(url, { origin, awaitJoined }) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no answer from ${url.replace(/\?.*/, '')}`));
    }, 20_000);
    const ready = () => {
      clearTimeout(timer);
      socket.off('message', joined);
      resolve(socket);
    };
    const joined = (data) => {
      if (JSON.parse(data.toString()).type === 'user_joined') ready();
    };
    if (awaitJoined) socket.on('message', joined);
    else socket.once('open', ready);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`closed with ${code} ${reason}`));
    });
  });
}

/**
 * Every room's sockets, each one on the server its index chooses (`serverFor(index)`), at most 50
 * handshakes at a time. Each socket routes the new_message events it receives to `onMessage`.
 */
export async function connectRooms(rooms, { serverFor, perRoom = SOCKETS_PER_ROOM, awaitJoined }) {
  const plan = rooms.flatMap((room) => Array.from({ length: perRoom }, (_, index) => ({ room, index })));
  const connected = [];
  let next = 0;
  async function worker() {
    while (next < plan.length) {
      const { room, index } = plan[next++];
      const server = serverFor(index);
      const url = `${server.ws}/ws/chat/${room.roomId}?access_token=${encodeURIComponent(room.token ?? '')}`;
      const socket = await openSocket(url, { origin: server.http, awaitJoined });
      const entry = { socket, roomId: room.roomId, server: server.name, onMessage: undefined };
      socket.on('message', (data) => {
        if (!entry.onMessage) return;
        const sequence = messageSequence(data);
        if (sequence !== undefined) entry.onMessage(sequence);
      });
      socket.on('close', () => (entry.closed = true));
      connected.push(entry);
    }
  }
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  const byRoom = new Map();
  for (const entry of connected) {
    if (!byRoom.has(entry.roomId)) byRoom.set(entry.roomId, []);
    byRoom.get(entry.roomId).push(entry);
  }
  return {
    sockets: connected,
    byRoom,
    close: () => Promise.all(connected.map((entry) => closeSocket(entry.socket))),
  };
}

function closeSocket(socket) {
  return new Promise((done) => {
    if (socket.readyState === WebSocket.CLOSED) return done();
    socket.once('close', done);
    socket.close();
    setTimeout(() => {
      socket.terminate();
      done();
    }, 2000).unref();
  });
}

/**
 * The load generator's client message ids: a UUID whose first 24 characters are this process's own
 * and whose last 12 hex digits are a counter, so a receipt is matched to its send by reading the
 * counter out of the frame's bytes. Matching costs no string, parse or map entry per receipt: at
 * 1,500 messages/s the bench receives 15,000 frames a second, and parsing each (and keeping a map of
 * UUID strings) made this process's own collector pause for 40-80 ms now and then, which every
 * receipt then waiting was timed as late (decision 0067).
 */
const ID_PREFIX = (() => {
  const hex = randomUUID().replaceAll('-', '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-`;
})();
const ID_PREFIX_BYTES = Buffer.from(ID_PREFIX);
const NEW_MESSAGE_BYTES = Buffer.from('"type":"new_message"');
const CLIENT_ID_BYTES = Buffer.from('"client_message_id":"');
let nextSequence = 0;

export const clientMessageIdOf = (sequence) => `${ID_PREFIX}${sequence.toString(16).padStart(12, '0')}`;

/** The counter of a new_message frame sent by this process, read from its bytes; else undefined. */
export function messageSequence(data) {
  if (!Buffer.isBuffer(data) || data.indexOf(NEW_MESSAGE_BYTES) === -1) return undefined;
  const at = data.indexOf(CLIENT_ID_BYTES);
  if (at === -1) return undefined;
  const start = at + CLIENT_ID_BYTES.length;
  if (start + 36 > data.length) return undefined;
  for (let index = 0; index < ID_PREFIX_BYTES.length; index += 1) {
    if (data[start + index] !== ID_PREFIX_BYTES[index]) return undefined;
  }
  let sequence = 0;
  for (let index = start + 24; index < start + 36; index += 1) {
    const code = data[index] | 0x20;
    const digit =
      code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1;
    if (digit < 0) return undefined;
    sequence = sequence * 16 + digit;
  }
  return sequence;
}

function sendMessage(entry, clientMessageId) {
  entry.socket.send(
    JSON.stringify({ type: 'message', text: 'Benchmark message', client_message_id: clientMessageId }),
  );
}

/**
 * Messages at a fixed rate, spread over the rooms in turn, each sent by the next of the room's
 * sending sockets. Every socket of the room should receive each message once; the latency is from
 * the send to each receipt. `labelOf(entry)` groups the receipts (e.g. same or other instance).
 */
export async function fixedRate(
  connection,
  { perSecond, seconds, senders = () => true, labelOf = () => 'all' },
) {
  const rooms = [...connection.byRoom.values()];
  const total = Math.round(perSecond * seconds);
  // Every send and receipt in typed arrays made up front: nothing allocated per receipt (above).
  const first = nextSequence;
  nextSequence += total;
  const sentAt = new Float64Array(total);
  const capacity = total * Math.max(...rooms.map((entries) => entries.length));
  const latencies = new Map();
  let expected = 0;
  let received = 0;
  for (const entries of rooms) {
    for (const entry of entries) {
      const label = labelOf(entry);
      if (!latencies.has(label)) latencies.set(label, { values: new Float64Array(capacity), count: 0 });
      const list = latencies.get(label);
      entry.onMessage = (sequence) => {
        const index = sequence - first;
        if (index < 0 || index >= total || sentAt[index] === 0 || list.count === capacity) return;
        list.values[list.count] = performance.now() - sentAt[index];
        list.count += 1;
        received += 1;
      };
    }
  }
  // Evenly spaced: every millisecond the messages now due are sent, so 1,600/s is one or two at a
  // time, not 80 at once every 50 ms (an earlier tick): a burst makes the p99 the time a server takes
  // to drain it through its 10 database connections, not what it carries at that rate.
  const tickMs = 1;
  const perTick = (perSecond * tickMs) / 1000;
  const started = performance.now();
  const turn = new Map();
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / tickMs + 1) * perTick));
    for (; sent < due; sent += 1) {
      const entries = rooms[sent % rooms.length];
      const sending = entries.filter(senders);
      const index = turn.get(entries) ?? 0;
      turn.set(entries, index + 1);
      const entry = sending[index % sending.length];
      sentAt[sent] = performance.now();
      expected += entries.length;
      sendMessage(entry, clientMessageIdOf(first + sent));
    }
    await sleep(tickMs);
  }
  // Time for the last messages to arrive before counting what is missing: a server that lags
  // behind delivers late, which the latencies show; lost is what never comes, even after 3 s of quiet.
  let quietSince = performance.now();
  for (let count = received, waited = 0; waited < 30_000 && count < expected; waited += 100) {
    await sleep(100);
    if (received !== count) [count, quietSince] = [received, performance.now()];
    else if (performance.now() - quietSince > 3000) break;
  }
  for (const entries of rooms) for (const entry of entries) entry.onMessage = undefined;
  const groups = {};
  for (const [label, list] of latencies) {
    const sorted = list.values.subarray(0, list.count).sort();
    groups[label] = {
      p50_ms: round1(quantile(sorted, 0.5)),
      p99_ms: round1(quantile(sorted, 0.99)),
      received: list.count,
    };
  }
  return {
    messages: total,
    expected_deliveries: expected,
    lost: expected - received,
    closed_sockets: connection.sockets.filter((entry) => entry.closed).length,
    groups,
  };
}

/** Resident memory of a process, in kilobytes (VmRSS), or its peak (VmHWM). */
export async function processMemory(pid, field = 'VmRSS') {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : undefined;
}
