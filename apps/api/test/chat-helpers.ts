import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type {
  ChatMessage,
  ChatRoomSummary,
  GuestUser,
  MessageList,
  ServerEvent,
  ServerEvents,
} from '@teamhire/shared';
import { nextAddress, type ErrorBody } from './accounts-helpers';
import { createTestApp, type TestContext } from './test-app';
import { createSignedInUser, type SignedInUser } from './users';

export interface Guest extends GuestUser {
  headers: { 'x-guest-token': string };
}
/** Whoever calls: a signed-in user, a guest, or a visitor (undefined). */
export type Caller = { headers: Record<string, string> } | undefined;
export interface TestTeam {
  id: number;
  name: string;
  admin: SignedInUser;
  members: SignedInUser[];
}
interface RoomCreated {
  chat_room_id: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(10);
  }
}

export function expectRefused(
  response: { statusCode: number; json<T>(): T; body: string },
  status: number,
  detail?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  if (detail !== undefined) expect(response.json<ErrorBody>().detail).toBe(detail);
}

/**
 * Teams, buyers, guests and rooms of one test app, made the way chat.test.ts makes them. A test that
 * builds its app in beforeAll passes a function that returns it once built.
 */
export function chatFixtures(source: TestContext | (() => TestContext)) {
  const contextOf = typeof source === 'function' ? source : () => source;
  let teamCounter = 0;
  let guestCounter = 0;

  const query = async <Row extends object>(text: string, values: unknown[] = []) =>
    (await contextOf().database.pool.query<Row & Record<string, unknown>>(text, values)).rows;

  function call(
    method: 'GET' | 'POST',
    url: string,
    caller?: Caller,
    payload?: object,
    remoteAddress = nextAddress(),
  ) {
    return contextOf().app.inject({ method, url, headers: caller?.headers, payload, remoteAddress });
  }

  const buyer = () => createSignedInUser(contextOf(), { role: 'BUYER' });
  const seller = () => createSignedInUser(contextOf(), { role: 'SELLER' });
  const teamAdmin = () => createSignedInUser(contextOf(), { role: 'TEAM_ADMIN', isVerified: true });

  /** A team written straight to the database, its admin and members in team_members as the teams API does. */
  async function createTeam(
    options: { admin?: SignedInUser; members?: number; active?: boolean } = {},
  ): Promise<TestTeam> {
    teamCounter += 1;
    const admin = options.admin ?? (await teamAdmin());
    const members: SignedInUser[] = [];
    for (let index = 0; index < (options.members ?? 1); index += 1) members.push(await seller());
    const name = `Chat team ${teamCounter}`;
    const [team] = await query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ($1, 'We answer quickly.', $2, 10, $3, $4) returning id`,
      [name, admin.id, members.length + 1, options.active ?? true],
    );
    await query("insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')", [
      team!.id,
      admin.id,
    ]);
    for (const member of members) {
      await query("insert into team_members (team_id, user_id, role) values ($1, $2, 'member')", [
        team!.id,
        member.id,
      ]);
    }
    return { id: team!.id, name, admin, members };
  }

  async function newGuest(name = `Guest ${(guestCounter += 1)}`): Promise<Guest> {
    const response = await call('POST', '/api/guest-users', undefined, { name });
    expect(response.statusCode, response.body).toBe(201);
    const guest = response.json<GuestUser>();
    return { ...guest, headers: { 'x-guest-token': guest.session_token } };
  }

  async function expireGuest(guest: Guest) {
    await query("update guest_users set expires_at = now() - interval '1 second' where id = $1", [
      guest.guest_user_id,
    ]);
  }

  async function buyerRoom(caller: SignedInUser, teamId: number): Promise<number> {
    const response = await call('POST', '/api/chat-rooms/get-or-create', caller, { team_id: teamId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RoomCreated>().chat_room_id;
  }

  async function guestRoom(guest: Guest, teamId: number): Promise<number> {
    const response = await call('POST', '/api/chat-rooms', guest, {
      guest_user_id: guest.guest_user_id,
      team_id: teamId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RoomCreated>().chat_room_id;
  }

  /** A team with one buyer's room in it: customer with team. */
  async function teamWithBuyerRoom(options: { members?: number } = {}) {
    const team = await createTeam({ members: options.members ?? 1 });
    const customer = await buyer();
    const roomId = await buyerRoom(customer, team.id);
    return { team, customer, roomId };
  }

  /** A team with a buyer's room and a guest's room in it: where most chat tests start. */
  async function teamWithRooms(options: { members?: number; guestName?: string } = {}) {
    const { team, customer, roomId } = await teamWithBuyerRoom(options);
    const guest = await newGuest(options.guestName);
    const guestRoomId = await guestRoom(guest, team.id);
    return { team, customer, guest, roomId, guestRoomId };
  }

  async function send(caller: Caller, roomId: number, text: string): Promise<ChatMessage> {
    const response = await call('POST', `/api/chat-rooms/${roomId}/messages`, caller, { message_text: text });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChatMessage>();
  }

  async function listMessages(caller: Caller, roomId: number): Promise<ChatMessage[]> {
    const response = await call('GET', `/api/chat-rooms/${roomId}/messages?limit=100`, caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageList>().items;
  }

  async function inbox(caller: Caller): Promise<ChatRoomSummary[]> {
    const response = await call('GET', '/api/user/chat-rooms', caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatRoomSummary[]>();
  }

  async function markRead(caller: Caller, roomId: number, lastMessageId?: number): Promise<void> {
    const response = await call(
      'POST',
      `/api/chat-rooms/${roomId}/read`,
      caller,
      lastMessageId === undefined ? {} : { last_message_id: lastMessageId },
    );
    expect(response.statusCode, response.body).toBe(204);
  }

  return {
    query,
    call,
    buyer,
    seller,
    teamAdmin,
    createTeam,
    newGuest,
    expireGuest,
    buyerRoom,
    guestRoom,
    teamWithBuyerRoom,
    teamWithRooms,
    send,
    listMessages,
    inbox,
    markRead,
  };
}
export type ChatFixtures = ReturnType<typeof chatFixtures>;
/** customer with team. */
export type TeamWithBuyerRoom = Awaited<ReturnType<ChatFixtures['teamWithBuyerRoom']>>;
/** customer with team; guest with team. */
export type TeamWithRooms = Awaited<ReturnType<ChatFixtures['teamWithRooms']>>;

/**
 * Ids start at 1 in every cloned test database; tests that publish through the machine's Redis move
 * rooms, users and guests far apart so that two runs (or two test files) never share a channel
 * (`room:{id}`, `user:{id}`, `guest:{id}`).
 */
export async function spreadChannelIds(context: TestContext) {
  for (const table of ['chat_rooms', 'users', 'guest_users']) {
    const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await context.database.pool.query('select setval(pg_get_serial_sequence($1, $2), $3)', [
      table,
      'id',
      start,
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// A WebSocket client. `ws` ships no types of its own and @types/ws is not installed, so the
// client is loaded through require and typed here with the few members the tests use.

interface WsClient {
  readonly readyState: number;
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(
    event: 'unexpected-response',
    listener: (request: ClientRequest, response: IncomingMessage) => void,
  ): this;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WebSocketClient = createRequire(import.meta.url)('ws') as WsConstructor;
const OPEN = 1;

export type EventOf<T extends keyof ServerEvents> = Extract<ServerEvent, { type: T }>;
export interface SocketClose {
  code: number;
  reason: string;
}
export type SocketOutcome =
  { kind: 'open' } | { kind: 'refused'; status: number } | ({ kind: 'closed' } & SocketClose);

export interface OpenSocketOptions {
  /** The Origin header; the app's own origin unless given, none at all when null. */
  origin?: string | null;
  /** Runs in the 'open' event itself, before anything else can happen. */
  onOpen?: (socket: TestSocket) => void;
}

/** A socket that records every event the server sends, with waits for the ones a test expects. */
export class TestSocket {
  readonly events: ServerEvent[] = [];
  readonly closed: Promise<SocketClose>;
  /** Open, refused at the upgrade, or closed before it ever opened. */
  readonly outcome: Promise<SocketOutcome>;
  private readonly raw: WsClient;

  constructor(url: string, options: OpenSocketOptions & { appOrigin: string }) {
    const origin = options.origin === undefined ? options.appOrigin : options.origin;
    this.raw = new WebSocketClient(url, { headers: origin === null ? {} : { origin } });
    let settle: (outcome: SocketOutcome) => void = () => undefined;
    this.outcome = new Promise((resolve) => {
      settle = resolve;
    });
    this.closed = new Promise((resolve) => {
      this.raw.on('close', (code, reason) => {
        const close = { code, reason: reason.toString() };
        settle({ kind: 'closed', ...close });
        resolve(close);
      });
    });
    this.raw.on('open', () => {
      settle({ kind: 'open' });
      options.onOpen?.(this);
    });
    this.raw.on('message', (data, isBinary) => {
      if (!isBinary) this.events.push(JSON.parse(data.toString()) as ServerEvent);
    });
    this.raw.on('unexpected-response', (request, response) => {
      settle({ kind: 'refused', status: response.statusCode ?? 0 });
      response.resume();
      request.destroy();
    });
    // A refused upgrade or a dropped connection also surfaces as an error; the outcome says which.
    this.raw.on('error', () => undefined);
  }

  get isOpen() {
    return this.raw.readyState === OPEN;
  }

  send(event: object) {
    this.raw.send(JSON.stringify(event));
  }

  sendRaw(data: string | Buffer) {
    this.raw.send(data);
  }

  /** The first event of that type matching `match`, received already or within the timeout. */
  async next<T extends keyof ServerEvents>(
    type: T,
    match: (event: EventOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<EventOf<T>> {
    let found: EventOf<T> | undefined;
    await until(
      () => {
        found = this.events.find(
          (event): event is EventOf<T> => event.type === type && match(event as EventOf<T>),
        );
        return found !== undefined;
      },
      `a ${type} event arrives`,
      timeoutMs,
    );
    return found!;
  }

  /** Every event of that type received so far that matches. */
  all<T extends keyof ServerEvents>(type: T, match: (event: EventOf<T>) => boolean = () => true) {
    return this.events.filter(
      (event): event is EventOf<T> => event.type === type && match(event as EventOf<T>),
    );
  }

  async newMessage(match: (message: ChatMessage) => boolean, timeoutMs = 5000) {
    return (await this.next('new_message', (event) => match(event.message), timeoutMs)).message;
  }

  /** Resolves once the server has handled a frame of this socket: it then listens to its channels. */
  async pinged() {
    const before = this.all('pong').length;
    this.send({ type: 'ping' });
    await until(() => this.all('pong').length > before, 'the server answers a ping');
  }

  async close() {
    if (this.raw.readyState <= OPEN) this.raw.close(1000);
    await this.closed;
  }

  terminate() {
    this.raw.terminate();
  }
}

/** Opens sockets against an app listening on a real port, and closes them all at the end. */
export function socketClient(appOrigin: string) {
  const opened = new Set<TestSocket>();
  const wsBase = appOrigin.replace(/^http/, 'ws');

  function open(path: string, query: Record<string, string> = {}, options: OpenSocketOptions = {}) {
    const search = new URLSearchParams(query).toString();
    const socket = new TestSocket(`${wsBase}${path}${search ? `?${search}` : ''}`, {
      ...options,
      appOrigin,
    });
    opened.add(socket);
    void socket.closed.then(() => opened.delete(socket));
    // A refused upgrade never opened: there is nothing to close.
    void socket.outcome.then((outcome) => outcome.kind === 'refused' && opened.delete(socket));
    return socket;
  }

  /** A socket in the room, once it listens: its own user_joined has come back. */
  async function join(roomId: number, query: Record<string, string>, me: string) {
    const socket = open(`/ws/chat/${roomId}`, query);
    expect(await socket.outcome).toEqual({ kind: 'open' });
    await socket.next('user_joined', (event) => event.user_id === me);
    return socket;
  }

  /** join() as a signed-in user or a guest, with their own token and key. */
  const joinAs = (roomId: number, participant: SignedInUser | Guest) =>
    'session_token' in participant
      ? join(roomId, guestToken(participant), guestKey(participant))
      : join(roomId, userToken(participant), userKey(participant));

  /** The user's or guest's own channel (the bell), once it listens. */
  async function userChannel(query: Record<string, string>) {
    const socket = open('/ws/user', query);
    expect(await socket.outcome).toEqual({ kind: 'open' });
    await socket.pinged();
    return socket;
  }

  /** The close of a socket the server refuses after the upgrade. */
  async function closeOf(path: string, query: Record<string, string>) {
    const socket = open(path, query);
    return socket.closed;
  }

  async function closeAll() {
    for (const socket of opened) socket.terminate();
    await Promise.all([...opened].map((socket) => socket.closed));
  }

  return { open, join, joinAs, userChannel, closeOf, closeAll };
}
export type SocketClient = ReturnType<typeof socketClient>;

export interface ListeningApp {
  app: FastifyInstance;
  origin: string;
  sockets: SocketClient;
}

/** Starts the app on a free port of the loopback, with a socket client against it. */
export async function listenWithSockets(app: FastifyInstance): Promise<ListeningApp> {
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, sockets: socketClient(origin) };
}

export const userToken = (user: SignedInUser) => ({ access_token: user.token });
export const guestToken = (guest: Guest) => ({ guest_token: guest.session_token });
export const userKey = (user: { id: number }) => `user:${user.id}`;
export const guestKey = (guest: Guest) => `guest:${guest.guest_user_id}`;

/**
 * A fresh test app listening for sockets, its chat fixtures and a team with a buyer's and a guest's
 * room, made before the calling suite's tests; sockets close after each test and the app after all.
 * Tests read them through the returned object once beforeAll has run.
 */
export function listeningChatSuite(options: {
  guestName: string;
  /** The app's environment, read when the suite starts (e.g. the s3 driver's, see object-store.ts). */
  environment?: () => Record<string, string>;
}) {
  const suite = {} as TeamWithRooms & {
    context: TestContext;
    fixtures: ChatFixtures;
    sockets: SocketClient;
    appOrigin: string;
  };
  beforeAll(async () => {
    suite.context = await createTestApp(options.environment?.());
    ({ origin: suite.appOrigin, sockets: suite.sockets } = await listenWithSockets(suite.context.app));
    suite.fixtures = chatFixtures(suite.context);
    Object.assign(suite, await suite.fixtures.teamWithRooms(options));
  });
  afterEach(() => suite.sockets.closeAll());
  afterAll(() => suite.context.close());
  return suite;
}
