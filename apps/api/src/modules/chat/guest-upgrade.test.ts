import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAccess, ChatRoomSummary, User } from '@teamhire/shared';
import { bearer, nextAddress, signIn, type ErrorBody } from '../../../test/accounts-helpers';
import {
  chatFixtures,
  expectRefused,
  type Caller,
  type ChatFixtures,
  type Guest,
  type TestTeam,
} from '../../../test/chat-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('guest upgrade', () => {
  let context: TestContext;
  let fixtures: ChatFixtures;
  let accountCounter = 0;

  beforeAll(async () => {
    context = await createTestApp();
    fixtures = chatFixtures(context);
  });
  afterAll(() => context.close());

  const newAccount = () => {
    accountCounter += 1;
    return {
      username: `upgraded_${accountCounter}`,
      email: `upgraded_${accountCounter}@example.com`,
      password: 'a-good-password',
      role: 'BUYER',
    };
  };

  const postUpgrade = (headers: Record<string, string>, payload: object) =>
    context.app.inject({
      method: 'POST',
      url: '/api/guest-users/upgrade',
      headers,
      payload,
      remoteAddress: nextAddress(),
    });

  const summaryOf = async (caller: Caller, roomId: number): Promise<ChatRoomSummary | undefined> =>
    (await fixtures.inbox(caller)).find((room) => room.chat_room_id === roomId);

  describe('a guest with two conversations', () => {
    let guest: Guest;
    let firstTeam: TestTeam;
    let secondTeam: TestTeam;
    let firstRoom: number;
    let secondRoom: number;
    let account: ReturnType<typeof newAccount>;
    let user: User;
    let signedIn: { headers: Record<string, string> };

    beforeAll(async () => {
      guest = await fixtures.newGuest('Gordon');
      firstTeam = await fixtures.createTeam();
      secondTeam = await fixtures.createTeam();
      firstRoom = await fixtures.guestRoom(guest, firstTeam.id);
      secondRoom = await fixtures.guestRoom(guest, secondTeam.id);
      await fixtures.send(guest, firstRoom, 'Hello first team');
      await fixtures.send(firstTeam.admin, firstRoom, 'Hello guest');
      await fixtures.send(firstTeam.admin, firstRoom, 'Are you there?');
      await fixtures.send(guest, secondRoom, 'Hello second team');
      await fixtures.send(secondTeam.admin, secondRoom, 'Welcome');
      await fixtures.markRead(guest, secondRoom);
      await fixtures.send(guest, secondRoom, 'Thanks');
      // Before: two unread in the first room, none in the second; the second team has one unread.
      expect((await summaryOf(guest, firstRoom))?.unread_count).toBe(2);
      expect((await summaryOf(guest, secondRoom))?.unread_count).toBe(0);
      expect((await summaryOf(secondTeam.admin, secondRoom))?.unread_count).toBe(1);

      account = newAccount();
      const response = await postUpgrade(guest.headers, account);
      expect(response.statusCode, response.body).toBe(201);
      user = response.json<User>();
      const tokens = await signIn(context, account.username, account.password);
      signedIn = { headers: bearer(tokens.access_token) };
    });

    it('answers with the new account', () => {
      expect(user).toMatchObject({ username: account.username, email: account.email, role: 'BUYER' });
      expect(user.id).toBeGreaterThan(0);
    });

    it('ends the guest session', async () => {
      expectRefused(await fixtures.call('GET', '/api/user/chat-rooms', guest), 401);
      expectRefused(await fixtures.call('GET', `/api/chat-rooms/${firstRoom}/messages`, guest), 401);
      expectRefused(
        await fixtures.call('POST', `/api/chat-rooms/${firstRoom}/messages`, guest, { message_text: 'Hi' }),
        401,
      );
      expectRefused(await postUpgrade(guest.headers, newAccount()), 401);
    });

    it('gives both rooms to the account, as their buyer', async () => {
      const rooms = await fixtures.inbox(signedIn);
      expect(rooms.map((room) => room.chat_room_id).sort()).toEqual([firstRoom, secondRoom].sort());
      for (const id of [firstRoom, secondRoom]) {
        const response = await fixtures.call('GET', `/api/chat-rooms/${id}/access`, signedIn);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<ChatAccess>().role).toBe('buyer');
      }
      // The team sees the account's name where the guest's was.
      expect((await summaryOf(firstTeam.admin, firstRoom))?.buyer_name).toBe(account.username);
    });

    it('keeps every message, now sent by the account', async () => {
      const first = await fixtures.listMessages(signedIn, firstRoom);
      expect(first.map((message) => [message.message_text, message.sender_id, message.sender_role])).toEqual([
        ['Hello first team', `user:${user.id}`, 'buyer'],
        ['Hello guest', `user:${firstTeam.admin.id}`, 'admin'],
        ['Are you there?', `user:${firstTeam.admin.id}`, 'admin'],
      ]);
      expect(first[0]!.sender_name).toBe(account.username);
      const second = await fixtures.listMessages(signedIn, secondRoom);
      expect(second.filter((message) => message.sender_id === `user:${user.id}`)).toHaveLength(2);
      expect(second.some((message) => message.sender_id.startsWith('guest:'))).toBe(false);
      const leftOver = await fixtures.query(
        'select id from chat_messages where sender_guest_id = $1 union all select id from chat_rooms where guest_user_id = $1',
        [guest.guest_user_id],
      );
      expect(leftOver).toEqual([]);
    });

    it('keeps the unread state of the guest and of the teams', async () => {
      expect((await summaryOf(signedIn, firstRoom))?.unread_count).toBe(2);
      expect((await summaryOf(signedIn, secondRoom))?.unread_count).toBe(0);
      expect((await summaryOf(secondTeam.admin, secondRoom))?.unread_count).toBe(1);
    });

    it('goes on as an ordinary conversation', async () => {
      const sent = await fixtures.send(signedIn, firstRoom, 'Now with an account');
      expect(sent).toMatchObject({ sender_id: `user:${user.id}`, sender_role: 'buyer' });
      // Contact Team finds the same room again.
      const again = await fixtures.call('POST', '/api/chat-rooms/get-or-create', signedIn, {
        team_id: firstTeam.id,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ chat_room_id: number; created: boolean }>()).toMatchObject({
        chat_room_id: firstRoom,
        created: false,
      });
    });
  });

  describe('refusals', () => {
    it('validates like registration, and leaves the guest as it was', async () => {
      const guest = await fixtures.newGuest();
      const room = await fixtures.guestRoom(guest, (await fixtures.createTeam()).id);
      for (const change of [
        { username: '' },
        { username: 'no spaces allowed' },
        { email: 'not-an-email' },
        { password: '123' },
        { role: 'TEAM_ADMIN' },
        { role: 'GENERAL_ADMIN' },
      ]) {
        const response = await postUpgrade(guest.headers, { ...newAccount(), ...change });
        expectRefused(response, 422);
        expect(response.json<ErrorBody>().errors?.length, JSON.stringify(change)).toBeGreaterThan(0);
      }
      expectRefused(await postUpgrade(guest.headers, { ...newAccount(), is_superuser: true }), 422);
      const { role: _role, ...withoutRole } = newAccount();
      expectRefused(await postUpgrade(guest.headers, withoutRole), 422);

      const taken = await fixtures.buyer();
      expectRefused(await postUpgrade(guest.headers, { ...newAccount(), username: taken.username }), 409);
      expectRefused(await postUpgrade(guest.headers, { ...newAccount(), email: taken.email }), 409);

      // Still a guest with its room.
      expect((await fixtures.inbox(guest)).map((summary) => summary.chat_room_id)).toEqual([room]);
      const [row] = await fixtures.query<{ upgraded_user_id: number | null }>(
        'select upgraded_user_id from guest_users where id = $1',
        [guest.guest_user_id],
      );
      expect(row!.upgraded_user_id).toBeNull();
      // A seller account may be chosen too.
      const seller = await postUpgrade(guest.headers, { ...newAccount(), role: 'SELLER' });
      expect(seller.statusCode, seller.body).toBe(201);
      expect(seller.json<User>().role).toBe('SELLER');
    });

    it('makes exactly one account of twelve parallel upgrades with one guest token', async () => {
      const guest = await fixtures.newGuest();
      const room = await fixtures.guestRoom(guest, (await fixtures.createTeam()).id);
      const accounts = Array.from({ length: 12 }, () => newAccount());
      const answers = await Promise.all(accounts.map((account) => postUpgrade(guest.headers, account)));
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      // The others answer as any call with an ended guest session does.
      for (const response of answers.filter((answer) => answer.statusCode !== 201))
        expectRefused(response, 401);
      const created = await fixtures.query<{ id: number }>('select id from users where username = any($1)', [
        accounts.map((account) => account.username),
      ]);
      expect(created).toHaveLength(1);
      const [row] = await fixtures.query<{ upgraded_user_id: number | null; buyer_id: number | null }>(
        `select upgraded_user_id, (select buyer_id from chat_rooms where id = $2) as buyer_id
          from guest_users where id = $1`,
        [guest.guest_user_id, room],
      );
      expect(row).toEqual({ upgraded_user_id: created[0]!.id, buyer_id: created[0]!.id });
    });

    it('refuses a signed-in user with 403', async () => {
      const user = await fixtures.buyer();
      expectRefused(await postUpgrade(user.headers, newAccount()), 403);
      // Even with a guest token alongside: an account is not a guest.
      const guest = await fixtures.newGuest();
      expectRefused(await postUpgrade({ ...user.headers, ...guest.headers }, newAccount()), 403);
      expect((await fixtures.inbox(guest)).length).toBe(0);
    });

    it('refuses an expired or unknown guest session, and no session, with 401', async () => {
      const guest = await fixtures.newGuest();
      await fixtures.guestRoom(guest, (await fixtures.createTeam()).id);
      await fixtures.expireGuest(guest);
      const account = newAccount();
      expectRefused(await postUpgrade(guest.headers, account), 401);
      expectRefused(await postUpgrade({ 'x-guest-token': 'not-a-session' }, newAccount()), 401);
      expectRefused(await postUpgrade({}, newAccount()), 401);
      const created = await fixtures.query('select id from users where username = $1', [account.username]);
      expect(created).toEqual([]);
    });
  });
});
