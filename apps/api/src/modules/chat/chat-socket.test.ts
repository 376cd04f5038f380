import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_FRAME_MAX_BYTES, WS_CLOSE } from '@teamhire/shared';
import {
  guestKey,
  guestToken,
  sleep,
  until,
  userKey,
  userToken,
  listeningChatSuite,
} from '../../../test/chat-helpers';

/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 300;

describe('chat sockets', () => {
  const chat = listeningChatSuite({ guestName: 'Gale' });
  beforeAll(() => expect(chat.appOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/));

  const member = () => chat.team.members[0]!;
  const storedSenders = (text: string) =>
    chat.fixtures.query<{ sender_user_id: number | null; sender_guest_id: number | null }>(
      'select sender_user_id, sender_guest_id from chat_messages where message_text = $1',
      [text],
    );

  describe('members', () => {
    it('delivers a message sent over REST to the buyer, the admin and a member', async () => {
      const listeners = [
        await chat.sockets.joinAs(chat.roomId, chat.customer),
        await chat.sockets.joinAs(chat.roomId, chat.team.admin),
        await chat.sockets.joinAs(chat.roomId, member()),
      ];
      const sent = await chat.fixtures.send(chat.team.admin, chat.roomId, 'Sent over REST');
      for (const socket of listeners) {
        const received = await socket.newMessage((message) => message.id === sent.id);
        expect(received).toEqual(sent);
      }
    });

    it('stores and delivers a message sent over the socket, from the socket participant', async () => {
      const buyerSocket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const clientMessageId = randomUUID();
      buyerSocket.send({ type: 'message', text: '  Over the socket  ', client_message_id: clientMessageId });
      for (const socket of [buyerSocket, adminSocket]) {
        expect(
          await socket.newMessage((message) => message.client_message_id === clientMessageId),
        ).toMatchObject({
          chat_room_id: chat.roomId,
          sender_id: userKey(chat.customer),
          sender_name: chat.customer.username,
          sender_role: 'buyer',
          message_text: 'Over the socket',
          message_type: 'text',
        });
      }
      const history = await chat.fixtures.listMessages(chat.team.admin, chat.roomId);
      expect(history.filter((message) => message.client_message_id === clientMessageId)).toHaveLength(1);
    });

    it('tells only the sender when a socket message cannot be stored, and delivers nothing', async () => {
      const clientMessageId = randomUUID();
      // The id is taken by another participant's message: storing the socket message is refused.
      await chat.fixtures.call('POST', `/api/chat-rooms/${chat.roomId}/messages`, chat.customer, {
        message_text: 'Took the id first',
        client_message_id: clientMessageId,
      });
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const buyerSocket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      adminSocket.send({ type: 'message', text: 'Reusing an id', client_message_id: clientMessageId });
      const failed = await adminSocket.next('message_failed');
      expect(failed.client_message_id).toBe(clientMessageId);
      expect(failed.detail).toEqual(expect.any(String));
      expect(failed.detail).not.toContain('Took the id first');
      await sleep(QUIET_MS);
      expect(buyerSocket.all('message_failed')).toEqual([]);
      expect(
        [...adminSocket.all('new_message'), ...buyerSocket.all('new_message')].filter(
          (event) => event.message.message_text === 'Reusing an id',
        ),
      ).toEqual([]);
    });

    it('lets a guest with its session token talk with the team', async () => {
      const guestSocket = await chat.sockets.joinAs(chat.guestRoomId, chat.guest);
      const adminSocket = await chat.sockets.joinAs(chat.guestRoomId, chat.team.admin);

      guestSocket.send({ type: 'message', text: 'A guest over the socket' });
      expect(
        await adminSocket.newMessage((message) => message.message_text === 'A guest over the socket'),
      ).toMatchObject({ sender_id: guestKey(chat.guest), sender_name: 'Gale', sender_role: 'guest' });

      const answer = await chat.fixtures.send(
        chat.team.admin,
        chat.guestRoomId,
        'The team answers the guest',
      );
      expect(await guestSocket.newMessage((message) => message.id === answer.id)).toMatchObject({
        sender_id: userKey(chat.team.admin),
        sender_role: 'admin',
      });
    });

    it('relays typing to the others in the room', async () => {
      const buyerSocket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      buyerSocket.send({ type: 'typing', is_typing: true });
      expect(await adminSocket.next('typing_status')).toEqual({
        type: 'typing_status',
        user_id: userKey(chat.customer),
        name: chat.customer.username,
        is_typing: true,
      });
      buyerSocket.send({ type: 'typing', is_typing: false });
      await adminSocket.next('typing_status', (event) => !event.is_typing);
      // Nothing is stored for typing.
      expect(await storedSenders('typing')).toEqual([]);
    });

    it('answers a ping with a pong', async () => {
      const socket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      const before = Date.now();
      socket.send({ type: 'ping' });
      const pong = await socket.next('pong');
      expect(pong.at).toBeGreaterThanOrEqual(before - 1000);
      expect(pong.at).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('tells the room who joins and who leaves', async () => {
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const buyerSocket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      expect(
        await adminSocket.next('user_joined', (event) => event.user_id === userKey(chat.customer)),
      ).toEqual({
        type: 'user_joined',
        user_id: userKey(chat.customer),
        name: chat.customer.username,
      });
      await buyerSocket.close();
      expect(await adminSocket.next('user_left')).toEqual({
        type: 'user_left',
        user_id: userKey(chat.customer),
        name: chat.customer.username,
      });
    });

    it('ignores frames that are not events of the protocol, and stays open', async () => {
      const socket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      socket.sendRaw('not json');
      socket.send({ type: 'message', text: '   ' });
      socket.send({ type: 'message', text: 'Who am I', sender_id: userKey(chat.team.admin) });
      socket.send({ type: 'shout' });
      socket.sendRaw(Buffer.from([1, 2, 3]));
      await socket.pinged();
      expect(socket.isOpen).toBe(true);
      expect(socket.all('new_message')).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('closes a stranger with 4003, whoever they are', async () => {
      const strangers = [
        userToken(await chat.fixtures.buyer()),
        userToken((await chat.fixtures.createTeam()).admin),
        guestToken(await chat.fixtures.newGuest()),
      ];
      for (const query of strangers) {
        for (const id of [chat.roomId, chat.guestRoomId]) {
          expect(await chat.sockets.closeOf(`/ws/chat/${id}`, query)).toEqual({
            code: WS_CLOSE.forbidden,
            reason: 'Access denied',
          });
        }
      }
      // A buyer is a stranger to the guest's room and the guest to the buyer's.
      expect(
        (await chat.sockets.closeOf(`/ws/chat/${chat.guestRoomId}`, userToken(chat.customer))).code,
      ).toBe(WS_CLOSE.forbidden);
      expect((await chat.sockets.closeOf(`/ws/chat/${chat.roomId}`, guestToken(chat.guest))).code).toBe(
        WS_CLOSE.forbidden,
      );
    });

    it('asks the client to come back (1013) when room access cannot be checked, not 4003', async () => {
      // The room's team cannot be read for a moment, as when the database fails the query.
      await chat.fixtures.query('alter table teams rename to teams_away');
      try {
        expect(await chat.sockets.closeOf(`/ws/chat/${chat.roomId}`, userToken(chat.customer))).toEqual({
          code: WS_CLOSE.tryAgainLater,
          reason: 'Please reconnect',
        });
      } finally {
        await chat.fixtures.query('alter table teams_away rename to teams');
      }
      // Coming back then works.
      expect(await chat.sockets.joinAs(chat.roomId, chat.customer)).toBeTruthy();
    });

    it('closes an unknown room with 4004', async () => {
      for (const query of [userToken(chat.customer), guestToken(chat.guest)]) {
        expect(await chat.sockets.closeOf('/ws/chat/999999', query)).toEqual({
          code: WS_CLOSE.notFound,
          reason: 'Chat room not found',
        });
      }
    });

    it('closes a connection without a valid token with 4001', async () => {
      const [foreignHeader, foreignPayload] = chat.customer.token.split('.');
      const queries: Record<string, string>[] = [
        {},
        { access_token: '' },
        { access_token: 'garbage' },
        { access_token: `${foreignHeader}.${foreignPayload}.forged-signature` },
        { guest_token: 'garbage' },
      ];
      for (const query of queries) {
        for (const path of [`/ws/chat/${chat.roomId}`, '/ws/user']) {
          expect((await chat.sockets.closeOf(path, query)).code, `${path} ${JSON.stringify(query)}`).toBe(
            WS_CLOSE.unauthenticated,
          );
        }
      }
    });

    it('closes an expired guest session with 4001', async () => {
      const leaving = await chat.fixtures.newGuest('Late');
      const leavingRoom = await chat.fixtures.guestRoom(leaving, chat.team.id);
      await chat.fixtures.expireGuest(leaving);
      expect((await chat.sockets.closeOf(`/ws/chat/${leavingRoom}`, guestToken(leaving))).code).toBe(
        WS_CLOSE.unauthenticated,
      );
      expect((await chat.sockets.closeOf('/ws/user', guestToken(leaving))).code).toBe(
        WS_CLOSE.unauthenticated,
      );
    });

    it('trusts no user_id in the query string', async () => {
      const stranger = await chat.fixtures.buyer();
      expect(
        (
          await chat.sockets.closeOf(`/ws/chat/${chat.roomId}`, {
            ...userToken(stranger),
            user_id: String(chat.customer.id),
          })
        ).code,
      ).toBe(WS_CLOSE.forbidden);
      expect(
        (await chat.sockets.closeOf(`/ws/chat/${chat.roomId}`, { user_id: String(chat.customer.id) })).code,
      ).toBe(WS_CLOSE.unauthenticated);
      expect(
        (
          await chat.sockets.closeOf(`/ws/chat/${chat.guestRoomId}`, {
            guest_token: 'garbage',
            user_id: guestKey(chat.guest),
          })
        ).code,
      ).toBe(WS_CLOSE.unauthenticated);

      // A member claiming to be the admin (or the buyer) still writes as themself.
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const memberSocket = chat.sockets.open(`/ws/chat/${chat.roomId}`, {
        ...userToken(member()),
        user_id: String(chat.team.admin.id),
      });
      await memberSocket.next('user_joined', (event) => event.user_id === userKey(member()));
      expect(
        adminSocket.all('user_joined', (event) => event.user_id === userKey(chat.team.admin)),
      ).toHaveLength(1);
      memberSocket.send({ type: 'message', text: 'Forged identity' });
      expect(
        await adminSocket.newMessage((message) => message.message_text === 'Forged identity'),
      ).toMatchObject({ sender_id: userKey(member()), sender_role: 'member' });
      expect(await storedSenders('Forged identity')).toEqual([
        { sender_user_id: member().id, sender_guest_id: null },
      ]);
    });

    it('refuses the upgrade from a foreign or missing Origin with 403', async () => {
      for (const origin of ['http://evil.example', 'null', `${chat.appOrigin}.evil.example`, null]) {
        const socket = chat.sockets.open(`/ws/chat/${chat.roomId}`, userToken(chat.customer), { origin });
        expect(await socket.outcome, String(origin)).toEqual({ kind: 'refused', status: 403 });
      }
      const bell = chat.sockets.open('/ws/user', userToken(chat.customer), { origin: 'http://evil.example' });
      expect(await bell.outcome).toEqual({ kind: 'refused', status: 403 });
      // The same request from the app's own origin is let in.
      await chat.sockets.joinAs(chat.roomId, chat.customer);
    });
  });

  describe('limits', () => {
    it('closes a socket that sends a frame over 64 KiB with 1009, and takes one of 64 KiB', async () => {
      const socket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      socket.sendRaw('x'.repeat(WEBSOCKET_FRAME_MAX_BYTES));
      await socket.pinged();
      expect(socket.isOpen).toBe(true);

      socket.sendRaw('x'.repeat(WEBSOCKET_FRAME_MAX_BYTES + 1));
      expect((await socket.closed).code).toBe(WS_CLOSE.tooBig);
    });

    it('closes a socket that floods 40 frames at once with 1008', async () => {
      const settled = await chat.sockets.joinAs(chat.roomId, chat.customer);
      for (let index = 0; index < 40; index += 1) settled.send({ type: 'ping' });
      expect(await settled.closed).toEqual({ code: WS_CLOSE.policy, reason: 'Too many messages' });

      // Flooding while the server is still checking the token is refused the same way.
      const early = chat.sockets.open(`/ws/chat/${chat.roomId}`, userToken(chat.customer), {
        onOpen: (socket) => {
          for (let index = 0; index < 40; index += 1) socket.send({ type: 'ping' });
        },
      });
      expect((await early.closed).code).toBe(WS_CLOSE.policy);
      const bell = chat.sockets.open('/ws/user', userToken(chat.customer), {
        onOpen: (socket) => {
          for (let index = 0; index < 40; index += 1) socket.send({ type: 'ping' });
        },
      });
      expect((await bell.closed).code).toBe(WS_CLOSE.policy);

      // A burst below the limit is answered in full.
      const calm = await chat.sockets.joinAs(chat.roomId, chat.customer);
      for (let index = 0; index < 10; index += 1) calm.send({ type: 'ping' });
      await calm.pinged();
      expect(calm.all('pong')).toHaveLength(11);
      expect(calm.isOpen).toBe(true);
    });

    it('keeps the frames a client sends the moment the socket opens', async () => {
      const clientMessageId = randomUUID();
      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const eager = chat.sockets.open(`/ws/chat/${chat.roomId}`, userToken(chat.customer), {
        onOpen: (socket) => {
          socket.send({ type: 'typing', is_typing: true });
          socket.send({ type: 'message', text: 'Sent on open', client_message_id: clientMessageId });
          socket.send({ type: 'ping' });
        },
      });
      await eager.next('pong');
      const stored = await eager.newMessage((message) => message.client_message_id === clientMessageId);
      expect(stored).toMatchObject({ message_text: 'Sent on open', sender_id: userKey(chat.customer) });
      await adminSocket.newMessage((message) => message.id === stored.id);
      await adminSocket.next('typing_status', (event) => event.user_id === userKey(chat.customer));
      expect(await storedSenders('Sent on open')).toEqual([
        { sender_user_id: chat.customer.id, sender_guest_id: null },
      ]);
    });
  });

  describe('the user channel', () => {
    it('tells every participant when someone writes in one of their rooms', async () => {
      const buyerBell = await chat.sockets.userChannel(userToken(chat.customer));
      const adminBell = await chat.sockets.userChannel(userToken(chat.team.admin));
      const memberBell = await chat.sockets.userChannel(userToken(member()));
      const guestBell = await chat.sockets.userChannel(guestToken(chat.guest));
      const strangerBell = await chat.sockets.userChannel(userToken(await chat.fixtures.buyer()));

      await chat.fixtures.send(chat.team.admin, chat.roomId, 'The bell rings');
      for (const bell of [buyerBell, adminBell, memberBell]) {
        await bell.next('inbox_changed', (event) => event.chat_room_id === chat.roomId);
      }
      await chat.fixtures.send(chat.team.admin, chat.guestRoomId, 'The bell rings for the guest');
      await guestBell.next('inbox_changed', (event) => event.chat_room_id === chat.guestRoomId);
      // A message over the socket counts the same.
      const guestSocket = await chat.sockets.joinAs(chat.guestRoomId, chat.guest);
      const before = adminBell.all(
        'inbox_changed',
        (event) => event.chat_room_id === chat.guestRoomId,
      ).length;
      guestSocket.send({ type: 'message', text: 'Ring from the socket' });
      await until(
        () =>
          adminBell.all('inbox_changed', (event) => event.chat_room_id === chat.guestRoomId).length > before,
        'the admin hears of the message sent over the socket',
      );

      await sleep(QUIET_MS);
      expect(strangerBell.all('inbox_changed')).toEqual([]);
      expect(guestBell.all('inbox_changed', (event) => event.chat_room_id === chat.roomId)).toEqual([]);
    });

    it("tells the reader's own channel when they mark a room read elsewhere, and no one else", async () => {
      const buyerBell = await chat.sockets.userChannel(userToken(chat.customer));
      const adminBell = await chat.sockets.userChannel(userToken(chat.team.admin));
      await chat.fixtures.markRead(chat.customer, chat.roomId);
      expect(await buyerBell.next('inbox_changed')).toEqual({
        type: 'inbox_changed',
        chat_room_id: chat.roomId,
      });
      await sleep(QUIET_MS);
      expect(adminBell.all('inbox_changed')).toEqual([]);
    });
  });
});
