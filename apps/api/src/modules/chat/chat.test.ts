import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TEXTS,
  GUEST_SESSION_DAYS,
  type ChatAccess,
  type ChatMessage,
  type ChatRoomSummary,
  type GuestUser,
  type MessageList,
  type ServerEvent,
} from '@teamhire/shared';
import { nextAddress, type ErrorBody } from '../../../test/accounts-helpers';
import {
  chatFixtures,
  expectRefused,
  type Caller,
  type Guest,
  type TeamWithRooms,
  type TestTeam,
} from '../../../test/chat-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import { AppError } from '../../platform/errors';
import { createRateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createInProcessBus, type RealtimeBus } from '../../platform/realtime/realtime-bus';
import * as chat from './chat.service';
import type { Participant } from './participants';

interface RoomCreated {
  chat_room_id: number;
  team_id: number;
  created: boolean;
  temp_user_id?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('chat', () => {
  let context: TestContext;

  beforeAll(async () => {
    // Some tests fill a room with more messages than one sender may post in a minute; the limit
    // itself is tested in chat-limits.test.ts.
    context = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: '1000' });
  });
  afterAll(() => context.close());

  const {
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
    teamWithRooms,
    send,
    inbox,
    markRead,
  } = chatFixtures(() => context);

  const getOrCreate = (caller: Caller, teamId: number) =>
    call('POST', '/api/chat-rooms/get-or-create', caller, { team_id: teamId });

  const postGuestRoom = (caller: Caller, guestUserId: number, teamId: number) =>
    call('POST', '/api/chat-rooms', caller, { guest_user_id: guestUserId, team_id: teamId });

  const postMessage = (caller: Caller, roomId: number, payload: object) =>
    call('POST', `/api/chat-rooms/${roomId}/messages`, caller, payload);

  async function listPage(caller: Caller, roomId: number, search = ''): Promise<MessageList> {
    const response = await call('GET', `/api/chat-rooms/${roomId}/messages${search}`, caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageList>();
  }

  async function access(caller: Caller, roomId: number): Promise<ChatAccess> {
    const response = await call('GET', `/api/chat-rooms/${roomId}/access`, caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatAccess>();
  }

  async function teamRooms(caller: Caller, teamId: number): Promise<ChatRoomSummary[]> {
    const response = await call('GET', `/api/teams/${teamId}/chat-rooms`, caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatRoomSummary[]>();
  }

  const summaryOf = async (caller: Caller, roomId: number) => {
    const summary = (await inbox(caller)).find((room) => room.chat_room_id === roomId);
    expect(summary, `room ${roomId} in the inbox`).toBeDefined();
    return summary!;
  };
  const unread = async (caller: Caller, roomId: number) => (await summaryOf(caller, roomId)).unread_count;

  async function storedMessages(roomId: number) {
    return query<{ id: string; message_text: string; sender_user_id: number | null }>(
      'select id, message_text, sender_user_id from chat_messages where chat_room_id = $1 order by id',
      [roomId],
    );
  }

  describe('get-or-create', () => {
    let team: TestTeam;
    beforeAll(async () => {
      team = await createTeam({ members: 1 });
    });

    it('makes one room per buyer and team, and answers with the same room afterwards', async () => {
      const customer = await buyer();
      const first = await getOrCreate(customer, team.id);
      expect(first.statusCode, first.body).toBe(200);
      const room = first.json<RoomCreated>();
      expect(room).toMatchObject({ team_id: team.id, created: true });

      const second = await getOrCreate(customer, team.id);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<RoomCreated>()).toMatchObject({
        chat_room_id: room.chat_room_id,
        team_id: team.id,
        created: false,
      });

      // Another buyer, or another team, is another conversation.
      const otherBuyerRoom = await buyerRoom(await buyer(), team.id);
      const otherTeamRoom = await buyerRoom(customer, (await createTeam()).id);
      expect(new Set([room.chat_room_id, otherBuyerRoom, otherTeamRoom]).size).toBe(3);
      const rows = await query<{ count: number }>(
        'select count(*)::int as count from chat_rooms where buyer_id = $1 and team_id = $2',
        [customer.id, team.id],
      );
      expect(rows[0]!.count).toBe(1);
    });

    it('gives one room to concurrent first contacts', async () => {
      const customer = await buyer();
      const responses = await Promise.all(Array.from({ length: 5 }, () => getOrCreate(customer, team.id)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const rooms = responses.map((response) => response.json<RoomCreated>());
      expect(new Set(rooms.map((room) => room.chat_room_id)).size).toBe(1);
      expect(rooms.filter((room) => room.created)).toHaveLength(1);
      const rows = await query<{ count: number }>(
        'select count(*)::int as count from chat_rooms where buyer_id = $1',
        [customer.id],
      );
      expect(rows[0]!.count).toBe(1);
    });

    it('refuses an inactive team with 409 and an unknown team with 404', async () => {
      const customer = await buyer();
      const inactive = await createTeam({ active: false });
      expectRefused(await getOrCreate(customer, inactive.id), 409);
      expectRefused(await getOrCreate(customer, 999_999), 404, 'Team not found');
      const rows = await query<{ count: number }>(
        'select count(*)::int as count from chat_rooms where buyer_id = $1',
        [customer.id],
      );
      expect(rows[0]!.count).toBe(0);
    });

    it("refuses the team's own admin and members with 409", async () => {
      expectRefused(await getOrCreate(team.admin, team.id), 409);
      expectRefused(await getOrCreate(team.members[0], team.id), 409);
      // The admin of another team is a customer like any other.
      const otherAdminRoom = await getOrCreate(await teamAdmin(), team.id);
      expect(otherAdminRoom.statusCode, otherAdminRoom.body).toBe(200);
    });

    it('asks a visitor or a guest to sign in, and validates the body', async () => {
      expectRefused(await getOrCreate(undefined, team.id), 401);
      expectRefused(await getOrCreate(await newGuest(), team.id), 401);
      const customer = await buyer();
      expectRefused(await call('POST', '/api/chat-rooms/get-or-create', customer, {}), 422);
      expectRefused(await call('POST', '/api/chat-rooms/get-or-create', customer, { team_id: 'one' }), 422);
      expectRefused(
        await call('POST', '/api/chat-rooms/get-or-create', customer, { team_id: team.id, buyer_id: 1 }),
        422,
      );
    });
  });

  describe('guest users', () => {
    it('starts a guest session of 7 days', async () => {
      const before = Date.now();
      const response = await call('POST', '/api/guest-users', undefined, {
        name: '  Gina Guest  ',
        email: 'Gina@Example.com',
      });
      expect(response.statusCode, response.body).toBe(201);
      const guest = response.json<GuestUser>();
      expect(guest.name).toBe('Gina Guest');
      expect(guest.guest_user_id).toBeGreaterThan(0);
      expect(guest.session_token.length).toBeGreaterThanOrEqual(32);
      const expires = new Date(guest.expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + GUEST_SESSION_DAYS * DAY_MS - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + GUEST_SESSION_DAYS * DAY_MS + 1000);

      const [row] = await query<{ email: string | null; session_token_hash: string }>(
        'select email, session_token_hash from guest_users where id = $1',
        [guest.guest_user_id],
      );
      expect(row!.email).toBe('gina@example.com');
      // The token is stored hashed, never as it is.
      expect(row!.session_token_hash).not.toBe(guest.session_token);
    });

    it('takes a name of 2 to 50 characters', async () => {
      for (const name of ['Al', 'x'.repeat(50)]) {
        const response = await call('POST', '/api/guest-users', undefined, { name });
        expect(response.statusCode, response.body).toBe(201);
      }
      for (const payload of [{ name: 'A' }, { name: '  A  ' }, { name: 'x'.repeat(51) }, { name: '' }, {}]) {
        expectRefused(await call('POST', '/api/guest-users', undefined, payload), 422);
      }
    });

    it('takes an optional email: a valid one, none, null or empty', async () => {
      expectRefused(
        await call('POST', '/api/guest-users', undefined, { name: 'Gus', email: 'not-an-email' }),
        422,
      );
      expectRefused(await call('POST', '/api/guest-users', undefined, { name: 'Gus', email: 'a@b' }), 422);
      for (const email of ['', '   ', null, undefined]) {
        const response = await call('POST', '/api/guest-users', undefined, { name: 'Gus', email });
        expect(response.statusCode, response.body).toBe(201);
        const [row] = await query<{ email: string | null }>('select email from guest_users where id = $1', [
          response.json<GuestUser>().guest_user_id,
        ]);
        expect(row!.email).toBeNull();
      }
      expectRefused(
        await call('POST', '/api/guest-users', undefined, { name: 'Gus', role: 'SUPER_ADMIN' }),
        422,
      );
    });

    it('refuses the 21st guest from one address within the hour', async () => {
      const address = nextAddress();
      for (let index = 0; index < 20; index += 1) {
        const response = await call('POST', '/api/guest-users', undefined, { name: 'Busy' }, address);
        expect(response.statusCode, response.body).toBe(201);
      }
      expectRefused(await call('POST', '/api/guest-users', undefined, { name: 'Busy' }, address), 429);
      // Other addresses are not affected.
      const other = await call('POST', '/api/guest-users', undefined, { name: 'Calm' });
      expect(other.statusCode, other.body).toBe(201);
    });
  });

  describe('guest rooms', () => {
    let team: TestTeam;
    beforeAll(async () => {
      team = await createTeam();
    });

    it("opens the guest's room with the team, once", async () => {
      const guest = await newGuest();
      const first = await postGuestRoom(guest, guest.guest_user_id, team.id);
      expect(first.statusCode, first.body).toBe(200);
      const room = first.json<RoomCreated>();
      expect(room).toMatchObject({
        team_id: team.id,
        created: true,
        temp_user_id: `guest:${guest.guest_user_id}`,
      });
      const again = await postGuestRoom(guest, guest.guest_user_id, team.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<RoomCreated>()).toMatchObject({ chat_room_id: room.chat_room_id, created: false });
      const [row] = await query<{ guest_user_id: number; buyer_id: number | null }>(
        'select guest_user_id, buyer_id from chat_rooms where id = $1',
        [room.chat_room_id],
      );
      expect(row).toEqual({ guest_user_id: guest.guest_user_id, buyer_id: null });
    });

    it("refuses another guest's id, a missing session and a signed-in user", async () => {
      const guest = await newGuest();
      const other = await newGuest();
      expectRefused(await postGuestRoom(guest, other.guest_user_id, team.id), 403, CHAT_TEXTS.accessDenied);
      expectRefused(await postGuestRoom(undefined, guest.guest_user_id, team.id), 401);
      expectRefused(
        await postGuestRoom({ headers: { 'x-guest-token': 'not-a-session' } }, guest.guest_user_id, team.id),
        401,
      );
      expectRefused(
        await postGuestRoom(await buyer(), guest.guest_user_id, team.id),
        403,
        CHAT_TEXTS.accessDenied,
      );
      const rows = await query<{ count: number }>(
        'select count(*)::int as count from chat_rooms where guest_user_id = any($1)',
        [[guest.guest_user_id, other.guest_user_id]],
      );
      expect(rows[0]!.count).toBe(0);
    });

    it('refuses an inactive team with 409 and an unknown team with 404', async () => {
      const guest = await newGuest();
      const inactive = await createTeam({ active: false });
      expectRefused(await postGuestRoom(guest, guest.guest_user_id, inactive.id), 409);
      expectRefused(await postGuestRoom(guest, guest.guest_user_id, 999_999), 404);
    });

    it('answers every guest call with 401 once the session has expired', async () => {
      const guest = await newGuest();
      const roomId = await guestRoom(guest, team.id);
      const message = await send(guest, roomId, 'Still there?');
      await expireGuest(guest);
      const responses = [
        await postGuestRoom(guest, guest.guest_user_id, team.id),
        await postGuestRoom(guest, guest.guest_user_id, (await createTeam()).id),
        await call('GET', `/api/chat-rooms/${roomId}/access`, guest),
        await call('GET', `/api/chat-rooms/${roomId}/messages`, guest),
        await postMessage(guest, roomId, { message_text: 'Hello?' }),
        await call('POST', `/api/chat-rooms/${roomId}/read`, guest, { last_message_id: message.id }),
        await call('GET', '/api/user/chat-rooms', guest),
      ];
      for (const response of responses) expectRefused(response, 401);
      expect((await storedMessages(roomId)).map((row) => row.message_text)).toEqual(['Still there?']);
    });
  });

  describe('access', () => {
    let rooms: TeamWithRooms;
    beforeAll(async () => {
      rooms = await teamWithRooms();
    });

    it('tells each participant their role in the room', async () => {
      const base = { team_id: rooms.team.id, team_name: rooms.team.name };
      expect(await access(rooms.customer, rooms.roomId)).toEqual({
        chat_room_id: rooms.roomId,
        ...base,
        role: 'buyer',
      });
      expect(await access(rooms.team.admin, rooms.roomId)).toEqual({
        chat_room_id: rooms.roomId,
        ...base,
        role: 'admin',
      });
      expect(await access(rooms.team.members[0], rooms.roomId)).toEqual({
        chat_room_id: rooms.roomId,
        ...base,
        role: 'member',
      });
      expect(await access(rooms.guest, rooms.guestRoomId)).toEqual({
        chat_room_id: rooms.guestRoomId,
        ...base,
        role: 'guest',
      });
      expect((await access(rooms.team.admin, rooms.guestRoomId)).role).toBe('admin');
    });

    it("refuses everyone else with 403 'Access denied'", async () => {
      const strangers: Caller[] = [
        await buyer(),
        await seller(),
        (await createTeam()).admin,
        await newGuest(),
      ];
      for (const stranger of strangers) {
        for (const id of [rooms.roomId, rooms.guestRoomId]) {
          expectRefused(
            await call('GET', `/api/chat-rooms/${id}/access`, stranger),
            403,
            CHAT_TEXTS.accessDenied,
          );
        }
      }
      // The buyer of one room is a stranger to the guest's room, and the other way round.
      expectRefused(await call('GET', `/api/chat-rooms/${rooms.guestRoomId}/access`, rooms.customer), 403);
      expectRefused(await call('GET', `/api/chat-rooms/${rooms.roomId}/access`, rooms.guest), 403);
    });

    it('answers 404 for an unknown room and 401 for a visitor', async () => {
      expectRefused(await call('GET', '/api/chat-rooms/999999/access', rooms.customer), 404);
      expectRefused(await call('GET', `/api/chat-rooms/${rooms.roomId}/access`), 401);
      expectRefused(await call('GET', '/api/chat-rooms/abc/access', rooms.customer), 422);
    });
  });

  describe('messages', () => {
    let rooms: TeamWithRooms;
    beforeAll(async () => {
      rooms = await teamWithRooms({ guestName: 'Gwen' });
    });

    it('stores a message from the session with its text trimmed', async () => {
      const response = await postMessage(rooms.customer, rooms.roomId, { message_text: '  Hello team!  ' });
      expect(response.statusCode, response.body).toBe(201);
      const message = response.json<ChatMessage>();
      expect(message).toMatchObject({
        chat_room_id: rooms.roomId,
        sender_id: `user:${rooms.customer.id}`,
        sender_name: rooms.customer.username,
        sender_role: 'buyer',
        message_text: 'Hello team!',
        message_type: 'text',
        file_url: null,
      });
      expect(message.client_message_id).toEqual(expect.any(String));
      const stored = await storedMessages(rooms.roomId);
      expect(stored.at(-1)).toMatchObject({ message_text: 'Hello team!', sender_user_id: rooms.customer.id });

      expect(await send(rooms.team.admin, rooms.roomId, 'Hi!')).toMatchObject({
        sender_id: `user:${rooms.team.admin.id}`,
        sender_role: 'admin',
      });
      expect(await send(rooms.team.members[0], rooms.roomId, 'Hello from me too')).toMatchObject({
        sender_id: `user:${rooms.team.members[0]!.id}`,
        sender_role: 'member',
      });
      expect(await send(rooms.guest, rooms.guestRoomId, 'Hi, I am a guest')).toMatchObject({
        sender_id: `guest:${rooms.guest.guest_user_id}`,
        sender_name: 'Gwen',
        sender_role: 'guest',
      });
    });

    it('refuses a sender_id in the body as an unknown field', async () => {
      const before = await storedMessages(rooms.roomId);
      const response = await postMessage(rooms.customer, rooms.roomId, {
        message_text: 'I am the admin',
        sender_id: `user:${rooms.team.admin.id}`,
      });
      expectRefused(response, 422);
      expect(response.body).toContain('sender_id');
      expect(await storedMessages(rooms.roomId)).toEqual(before);
    });

    it('refuses blank, missing, too long or non-text messages', async () => {
      const before = await storedMessages(rooms.roomId);
      for (const payload of [
        { message_text: '' },
        { message_text: ' \n\t ' },
        {},
        { message_text: 42 },
        { message_text: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
        { message_text: 'A picture', message_type: 'image' },
        { message_text: 'Hi', client_message_id: 'not-a-uuid' },
      ]) {
        expectRefused(await postMessage(rooms.customer, rooms.roomId, payload), 422);
      }
      const blank = await postMessage(rooms.customer, rooms.roomId, { message_text: '   ' });
      expect(blank.json<ErrorBody>().detail).toBe(CHAT_TEXTS.messageRequired);
      expect(await storedMessages(rooms.roomId)).toEqual(before);
    });

    it('takes 5,000 characters, counted after trimming', async () => {
      const longest = 'x'.repeat(CHAT_MESSAGE_MAX);
      expect((await send(rooms.customer, rooms.roomId, longest)).message_text).toBe(longest);
      expect((await send(rooms.customer, rooms.roomId, `   ${longest}   `)).message_text).toBe(longest);
    });

    it('stores a message re-sent with the same client_message_id once', async () => {
      const clientMessageId = randomUUID();
      const payload = { message_text: 'Sent twice', client_message_id: clientMessageId };
      const first = await postMessage(rooms.customer, rooms.roomId, payload);
      const second = await postMessage(rooms.customer, rooms.roomId, payload);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json<ChatMessage>().id).toBe(first.json<ChatMessage>().id);
      expect(first.json<ChatMessage>().client_message_id).toBe(clientMessageId);
      const stored = await query<{ count: number }>(
        'select count(*)::int as count from chat_messages where client_message_id = $1',
        [clientMessageId],
      );
      expect(stored[0]!.count).toBe(1);
      // The same client id in another room is another message.
      const elsewhere = await postMessage(rooms.guest, rooms.guestRoomId, payload);
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
      expect(elsewhere.json<ChatMessage>().id).not.toBe(first.json<ChatMessage>().id);
    });

    it('refuses a client id already used by another participant of the room, never answering with their message', async () => {
      const clientMessageId = randomUUID();
      const theirs = await postMessage(rooms.customer, rooms.roomId, {
        message_text: 'Mine',
        client_message_id: clientMessageId,
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      const reused = await postMessage(rooms.team.admin, rooms.roomId, {
        message_text: 'Reused id',
        client_message_id: clientMessageId,
      });
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.body).not.toContain('Mine');
    });

    it('refuses a stranger, another guest, a visitor and an unknown room, storing nothing', async () => {
      const before = await storedMessages(rooms.roomId);
      const beforeGuestRoom = await storedMessages(rooms.guestRoomId);
      for (const stranger of [await buyer(), (await createTeam()).admin, await newGuest()]) {
        expectRefused(
          await postMessage(stranger, rooms.roomId, { message_text: 'Let me in' }),
          403,
          CHAT_TEXTS.accessDenied,
        );
        expectRefused(
          await postMessage(stranger, rooms.guestRoomId, { message_text: 'Let me in' }),
          403,
          CHAT_TEXTS.accessDenied,
        );
      }
      expectRefused(await postMessage(undefined, rooms.roomId, { message_text: 'Anyone?' }), 401);
      expectRefused(await postMessage(rooms.customer, 999_999, { message_text: 'Anyone?' }), 404);
      expect(await storedMessages(rooms.roomId)).toEqual(before);
      expect(await storedMessages(rooms.guestRoomId)).toEqual(beforeGuestRoom);
    });

    describe('listing', () => {
      let pagedRoomId: number;
      let sentIds: number[];
      beforeAll(async () => {
        pagedRoomId = await buyerRoom(rooms.customer, (await createTeam()).id);
        sentIds = [];
        for (let index = 1; index <= 120; index += 1) {
          sentIds.push((await send(rooms.customer, pagedRoomId, `Message ${index}`)).id);
        }
      });

      it('pages back from the newest without gaps or repeats, oldest to newest within a page', async () => {
        const pages: MessageList[] = [];
        let before: number | null | undefined;
        do {
          const page = await listPage(
            rooms.customer,
            pagedRoomId,
            `?limit=50${before === undefined ? '' : `&before=${before}`}`,
          );
          pages.push(page);
          before = page.next_before;
        } while (before !== null && pages.length < 10);

        expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
        for (const page of pages) {
          const ids = page.items.map((message) => message.id);
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
        }
        expect(pages[0]!.items.at(-1)!.message_text).toBe('Message 120');
        expect(pages[0]!.next_before).toBe(pages[0]!.items[0]!.id);
        expect(pages[2]!.next_before).toBeNull();
        const all = pages
          .reverse()
          .flatMap((page) => page.items)
          .map((message) => message.id);
        expect(all).toEqual(sentIds);
      });

      it('uses pages of 50 by default and validates the query', async () => {
        const page = await listPage(rooms.customer, pagedRoomId);
        expect(page.items.map((message) => message.id)).toEqual(sentIds.slice(-50));
        const exact = await listPage(rooms.customer, pagedRoomId, `?before=${sentIds[50]}`);
        expect(exact.items.map((message) => message.id)).toEqual(sentIds.slice(0, 50));
        expect(exact.next_before).toBeNull();
        for (const search of ['?limit=0', '?limit=101', '?before=0', '?before=abc', '?after=1']) {
          expectRefused(
            await call('GET', `/api/chat-rooms/${pagedRoomId}/messages${search}`, rooms.customer),
            422,
          );
        }
      });

      it('answers an empty room with no messages and no cursor', async () => {
        const emptyRoom = await buyerRoom(rooms.customer, (await createTeam()).id);
        expect(await listPage(rooms.customer, emptyRoom)).toEqual({ items: [], next_before: null });
      });

      it('shows the room to its guest and team, and refuses strangers', async () => {
        expect((await listPage(rooms.guest, rooms.guestRoomId)).items.length).toBeGreaterThan(0);
        expect((await listPage(rooms.team.members[0], rooms.roomId)).items.length).toBeGreaterThan(0);
        for (const stranger of [await buyer(), await newGuest(), (await createTeam()).admin]) {
          expectRefused(
            await call('GET', `/api/chat-rooms/${rooms.roomId}/messages`, stranger),
            403,
            CHAT_TEXTS.accessDenied,
          );
        }
        expectRefused(await call('GET', `/api/chat-rooms/${rooms.roomId}/messages`), 401);
        expectRefused(await call('GET', '/api/chat-rooms/999999/messages', rooms.customer), 404);
      });
    });
  });

  describe('read state and inbox', () => {
    let rooms: TeamWithRooms;
    let otherTeam: TestTeam;
    /** customer with team, guest with team, customer with otherTeam. */
    let otherRoomId: number;
    beforeAll(async () => {
      rooms = await teamWithRooms({
        members: 2,
        guestName: 'Greta',
      });
      otherTeam = await createTeam();
      otherRoomId = await buyerRoom(rooms.customer, otherTeam.id);
    });

    const roomIds = async (caller: Caller) => (await inbox(caller)).map((room) => room.chat_room_id).sort();

    it('lists exactly the rooms of each participant', async () => {
      expect(await roomIds(rooms.customer)).toEqual([rooms.roomId, otherRoomId].sort());
      expect(await roomIds(rooms.guest)).toEqual([rooms.guestRoomId]);
      expect(await roomIds(rooms.team.admin)).toEqual([rooms.roomId, rooms.guestRoomId].sort());
      for (const member of rooms.team.members)
        expect(await roomIds(member)).toEqual([rooms.roomId, rooms.guestRoomId].sort());
      expect(await roomIds(otherTeam.admin)).toEqual([otherRoomId]);
      expect(await inbox(await buyer())).toEqual([]);
      expectRefused(await call('GET', '/api/user/chat-rooms'), 401);

      const summary = await summaryOf(rooms.customer, rooms.roomId);
      expect(summary).toMatchObject({
        chat_room_id: rooms.roomId,
        team_id: rooms.team.id,
        team_name: rooms.team.name,
        buyer_name: rooms.customer.username,
        status: 'active',
        unread_count: 0,
        last_message_text: null,
        last_message_at: null,
      });
      expect((await summaryOf(rooms.team.admin, rooms.guestRoomId)).buyer_name).toBe('Greta');
    });

    it("counts the others' messages after the read point, never one's own", async () => {
      await send(rooms.customer, rooms.roomId, 'First question');
      await send(rooms.customer, rooms.roomId, 'Second question');
      expect(await unread(rooms.customer, rooms.roomId)).toBe(0);
      expect(await unread(rooms.team.admin, rooms.roomId)).toBe(2);
      expect(await unread(rooms.team.members[0], rooms.roomId)).toBe(2);
      expect(await unread(rooms.team.members[1], rooms.roomId)).toBe(2);

      // Answering means having read what came before.
      await send(rooms.team.admin, rooms.roomId, 'An answer');
      expect(await unread(rooms.team.admin, rooms.roomId)).toBe(0);
      expect(await unread(rooms.customer, rooms.roomId)).toBe(1);
      expect(await unread(rooms.team.members[0], rooms.roomId)).toBe(3);

      await send(rooms.team.members[0], rooms.roomId, 'Another answer');
      expect(await unread(rooms.team.members[0], rooms.roomId)).toBe(0);
      expect(await unread(rooms.team.admin, rooms.roomId)).toBe(1);
      expect(await unread(rooms.customer, rooms.roomId)).toBe(2);
      expect(await unread(rooms.team.members[1], rooms.roomId)).toBe(4);
      // Other rooms are untouched.
      expect(await unread(rooms.customer, otherRoomId)).toBe(0);
      expect(await unread(rooms.team.admin, rooms.guestRoomId)).toBe(0);

      await send(rooms.guest, rooms.guestRoomId, 'A guest asks');
      expect(await unread(rooms.guest, rooms.guestRoomId)).toBe(0);
      expect(await unread(rooms.team.admin, rooms.guestRoomId)).toBe(1);
      await send(rooms.team.admin, rooms.guestRoomId, 'The team answers');
      expect(await unread(rooms.guest, rooms.guestRoomId)).toBe(1);
    });

    it('marks a room read, up to a message or all of it, never backwards', async () => {
      const first = await send(otherTeam.admin, otherRoomId, 'One');
      const second = await send(otherTeam.admin, otherRoomId, 'Two');
      const third = await send(otherTeam.admin, otherRoomId, 'Three');
      expect(await unread(rooms.customer, otherRoomId)).toBe(3);

      await markRead(rooms.customer, otherRoomId, first.id);
      expect(await unread(rooms.customer, otherRoomId)).toBe(2);
      await markRead(rooms.customer, otherRoomId, third.id);
      expect(await unread(rooms.customer, otherRoomId)).toBe(0);
      // An older read point (a second tab, a late request) does not bring messages back.
      await markRead(rooms.customer, otherRoomId, second.id);
      expect(await unread(rooms.customer, otherRoomId)).toBe(0);

      await send(otherTeam.admin, otherRoomId, 'Four');
      await send(otherTeam.admin, otherRoomId, 'Five');
      expect(await unread(rooms.customer, otherRoomId)).toBe(2);
      await markRead(rooms.customer, otherRoomId);
      expect(await unread(rooms.customer, otherRoomId)).toBe(0);

      await markRead(rooms.guest, rooms.guestRoomId);
      expect(await unread(rooms.guest, rooms.guestRoomId)).toBe(0);
      // Reading is per person: the team's unread counts did not change.
      expect(await unread(otherTeam.admin, otherRoomId)).toBe(0);
    });

    it('does not let a read point beyond the newest message hide later messages', async () => {
      const latest = await send(otherTeam.admin, otherRoomId, 'Six');
      await markRead(rooms.customer, otherRoomId, latest.id + 1_000_000);
      expect(await unread(rooms.customer, otherRoomId)).toBe(0);
      await send(otherTeam.admin, otherRoomId, 'Seven');
      expect(await unread(rooms.customer, otherRoomId)).toBe(1);
      await markRead(rooms.customer, otherRoomId);
    });

    it('refuses to mark read for strangers, visitors and unknown rooms', async () => {
      expectRefused(await call('POST', `/api/chat-rooms/${rooms.roomId}/read`, await buyer(), {}), 403);
      expectRefused(await call('POST', `/api/chat-rooms/${rooms.roomId}/read`, await newGuest(), {}), 403);
      expectRefused(await call('POST', `/api/chat-rooms/${rooms.roomId}/read`, undefined, {}), 401);
      expectRefused(await call('POST', '/api/chat-rooms/999999/read', rooms.customer, {}), 404);
      expectRefused(
        await call('POST', `/api/chat-rooms/${rooms.roomId}/read`, rooms.customer, { last_message_id: -1 }),
        422,
      );
    });

    it('shows the newest message of each room, newest room first', async () => {
      const older = await send(rooms.customer, otherRoomId, 'Older news');
      let summary = await summaryOf(rooms.customer, otherRoomId);
      expect(summary.last_message_text).toBe('Older news');
      expect(summary.last_message_at).toBe(older.created_at);

      const newest = await send(rooms.team.admin, rooms.roomId, 'Newest news');
      summary = await summaryOf(rooms.customer, rooms.roomId);
      expect(summary.last_message_text).toBe('Newest news');
      expect(summary.last_message_at).toBe(newest.created_at);
      expect((await inbox(rooms.customer)).map((room) => room.chat_room_id)).toEqual([
        rooms.roomId,
        otherRoomId,
      ]);
      expect((await summaryOf(rooms.team.members[1], rooms.roomId)).last_message_text).toBe('Newest news');
    });

    it('builds the inbox in the same number of statements however many rooms there are', async () => {
      const admin = await teamAdmin();
      const ownTeam = await createTeam({ admin });
      const statementsFor = async () => {
        const spy = vi.spyOn(context.database.pool, 'query');
        try {
          await inbox(admin);
          return spy.mock.calls.length;
        } finally {
          spy.mockRestore();
        }
      };
      const addRooms = async (count: number) => {
        for (let index = 0; index < count; index += 1) {
          const room = await buyerRoom(await buyer(), ownTeam.id);
          await send(admin, room, `Welcome ${index}`);
        }
      };
      await addRooms(1);
      const few = await statementsFor();
      await addRooms(5);
      const many = await statementsFor();
      expect((await inbox(admin)).length).toBe(6);
      expect(few).toBeGreaterThan(0);
      expect(many).toBe(few);
    });
  });

  describe('team rooms', () => {
    let team: TestTeam;
    let roomId: number;
    let guestRoomId: number;
    beforeAll(async () => {
      team = await createTeam({ members: 1 });
      const customer = await buyer();
      roomId = await buyerRoom(customer, team.id);
      guestRoomId = await guestRoom(await newGuest(), team.id);
      await send(customer, roomId, 'Hello team');
    });

    it("shows the team's rooms to its admin and members", async () => {
      for (const insider of [team.admin, team.members[0]]) {
        const rooms = await teamRooms(insider, team.id);
        expect(rooms.map((room) => room.chat_room_id).sort()).toEqual([roomId, guestRoomId].sort());
        expect(rooms.find((room) => room.chat_room_id === roomId)).toMatchObject({
          unread_count: 1,
          last_message_text: 'Hello team',
        });
      }
      const superuser = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isSuperuser: true });
      expect(await teamRooms(superuser, team.id)).toHaveLength(2);
      expect(await teamRooms(team.admin, (await createTeam({ admin: team.admin })).id)).toEqual([]);
    });

    it('refuses outsiders with 403, visitors and guests with 401, and an unknown team with 404', async () => {
      const url = `/api/teams/${team.id}/chat-rooms`;
      expectRefused(await call('GET', url, (await createTeam()).admin), 403, CHAT_TEXTS.accessDenied);
      expectRefused(await call('GET', url, await buyer()), 403, CHAT_TEXTS.accessDenied);
      expectRefused(await call('GET', url), 401);
      expectRefused(await call('GET', url, await newGuest()), 401);
      expectRefused(await call('GET', '/api/teams/999999/chat-rooms', team.admin), 404);
    });
  });

  /**
   * The app's bus lives inside buildApp; the service is driven here with a bus of the test's own,
   * against the same database, to see what it publishes.
   */
  describe('realtime events', () => {
    let bus: RealtimeBus;
    let service: chat.ChatContext;
    let rooms: TeamWithRooms;
    beforeAll(async () => {
      bus = createInProcessBus();
      service = {
        db: context.database.db,
        bus,
        limiter: createRateLimiter(context.database.db),
        limits: chat.chatLimitsOf(context.config),
      };
      rooms = await teamWithRooms({ guestName: 'Gil' });
    });
    afterAll(() => bus.close());

    const asParticipant = (user: SignedInUser): Participant => ({
      kind: 'user',
      id: user.id,
      name: user.username,
      actor: {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        isSuperuser: false,
        isVerified: false,
        sessionId: randomUUID(),
      },
    });
    const asGuest = (visitor: Guest): Participant => ({
      kind: 'guest',
      id: visitor.guest_user_id,
      name: visitor.name,
    });

    /** Everything published on the channels while `action` runs. */
    async function published(channels: string[], action: () => Promise<unknown>) {
      const received: Record<string, ServerEvent[]> = Object.fromEntries(channels.map((name) => [name, []]));
      const unsubscribes = channels.map((name) =>
        bus.subscribe(name, (event) => received[name]!.push(event)),
      );
      try {
        await action();
      } finally {
        for (const unsubscribe of unsubscribes) unsubscribe();
      }
      return received;
    }

    it("publishes a new message to the room and tells each participant's channel", async () => {
      const stranger = await buyer();
      const channels = [
        `room:${rooms.roomId}`,
        `room:${rooms.guestRoomId}`,
        `user:${rooms.customer.id}`,
        `user:${rooms.team.admin.id}`,
        `user:${rooms.team.members[0]!.id}`,
        `user:${stranger.id}`,
        `guest:${rooms.guest.guest_user_id}`,
      ];
      let message: ChatMessage | undefined;
      const received = await published(channels, async () => {
        message = await chat.sendMessage(service, asParticipant(rooms.customer), rooms.roomId, {
          message_text: 'Live hello',
        });
      });
      expect(received[`room:${rooms.roomId}`]).toEqual([{ type: 'new_message', message }]);
      for (const user of [rooms.customer, rooms.team.admin, rooms.team.members[0]!]) {
        expect(received[`user:${user.id}`]).toEqual([{ type: 'inbox_changed', chat_room_id: rooms.roomId }]);
      }
      expect(received[`room:${rooms.guestRoomId}`]).toEqual([]);
      expect(received[`user:${stranger.id}`]).toEqual([]);
      expect(received[`guest:${rooms.guest.guest_user_id}`]).toEqual([]);

      const inGuestRoom = await published(
        [`room:${rooms.guestRoomId}`, `guest:${rooms.guest.guest_user_id}`, `user:${rooms.team.admin.id}`],
        () =>
          chat.sendMessage(service, asGuest(rooms.guest), rooms.guestRoomId, { message_text: 'Guest hello' }),
      );
      expect(inGuestRoom[`room:${rooms.guestRoomId}`]).toMatchObject([
        {
          type: 'new_message',
          message: { sender_id: `guest:${rooms.guest.guest_user_id}`, sender_role: 'guest' },
        },
      ]);
      expect(inGuestRoom[`guest:${rooms.guest.guest_user_id}`]).toEqual([
        { type: 'inbox_changed', chat_room_id: rooms.guestRoomId },
      ]);
      expect(inGuestRoom[`user:${rooms.team.admin.id}`]).toEqual([
        { type: 'inbox_changed', chat_room_id: rooms.guestRoomId },
      ]);
    });

    it('publishes a re-sent message once, and nothing for a refused one', async () => {
      const input = { message_text: 'Once only', client_message_id: randomUUID() };
      const twice = await published([`room:${rooms.roomId}`, `user:${rooms.team.admin.id}`], async () => {
        await chat.sendMessage(service, asParticipant(rooms.customer), rooms.roomId, input);
        await chat.sendMessage(service, asParticipant(rooms.customer), rooms.roomId, input);
      });
      expect(twice[`room:${rooms.roomId}`]).toHaveLength(1);
      expect(twice[`user:${rooms.team.admin.id}`]).toHaveLength(1);

      const stranger = await buyer();
      const refused = await published([`room:${rooms.roomId}`, `user:${rooms.team.admin.id}`], async () => {
        await expect(
          chat.sendMessage(service, asParticipant(stranger), rooms.roomId, { message_text: 'Let me in' }),
        ).rejects.toThrow(AppError);
      });
      expect(refused[`room:${rooms.roomId}`]).toEqual([]);
      expect(refused[`user:${rooms.team.admin.id}`]).toEqual([]);
    });

    it('stores a message in one statement, and broadcasts exactly what the room lists afterwards', async () => {
      const senders: [Participant, number][] = [
        [asParticipant(rooms.customer), rooms.roomId],
        [asParticipant(rooms.team.admin), rooms.roomId],
        [asParticipant(rooms.team.members[0]!), rooms.roomId],
        [asGuest(rooms.guest), rooms.guestRoomId],
      ];
      for (const [sender, room] of senders) {
        const spy = vi.spyOn(context.database.pool, 'query');
        let message: ChatMessage;
        try {
          message = await chat.sendMessage(service, sender, room, { message_text: `From ${sender.name}` });
          // One round trip (and one commit) per message: the access check, the insert and what
          // the broadcast needs.
          expect(spy.mock.calls.length).toBe(1);
        } finally {
          spy.mockRestore();
        }
        const listed = await chat.listMessages(service, sender, room, { limit: 1 });
        expect(listed.items).toEqual([message]);
      }
    });

    it("tells only the reader's own channel when a room is marked read", async () => {
      const received = await published(
        [`room:${rooms.roomId}`, `user:${rooms.customer.id}`, `user:${rooms.team.admin.id}`],
        () => chat.markRoomRead(service, asParticipant(rooms.team.admin), rooms.roomId, undefined),
      );
      expect(received[`user:${rooms.team.admin.id}`]).toEqual([
        { type: 'inbox_changed', chat_room_id: rooms.roomId },
      ]);
      expect(received[`user:${rooms.customer.id}`]).toEqual([]);
      expect(received[`room:${rooms.roomId}`]).toEqual([]);
    });
  });
});
