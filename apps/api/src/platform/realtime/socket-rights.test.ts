import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@teamhire/shared';
import { latestLinkToken, nextAddress } from '../../../test/accounts-helpers';
import {
  chatFixtures,
  guestKey,
  guestToken,
  sleep,
  socketClient,
  userKey,
  userToken,
  type ChatFixtures,
  type SocketClient,
  type TestSocket,
} from '../../../test/chat-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, newSession, TEST_PASSWORD, type SignedInUser } from '../../../test/users';

const JWT_SECRET = 'a-test-signing-secret-of-at-least-32-characters';
/** A socket that lost its right must be closed within this. */
const CLOSE_WITHIN_MS = 1000;
/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 300;

describe('open sockets end with the right to them', () => {
  let context: TestContext;
  let fixtures: ChatFixtures;
  let sockets: SocketClient;

  beforeAll(async () => {
    context = await createTestApp({ JWT_SECRET });
    const origin = await context.app.listen({ port: 0, host: '127.0.0.1' });
    fixtures = chatFixtures(context);
    sockets = socketClient(origin);
  });
  afterEach(() => sockets.closeAll());
  afterAll(() => context.close());

  async function closedWithin(socket: TestSocket, code: number) {
    const started = Date.now();
    const close = await Promise.race([socket.closed, sleep(CLOSE_WITHIN_MS + 500).then(() => undefined)]);
    expect(close?.code, 'the socket closes').toBe(code);
    expect(Date.now() - started).toBeLessThanOrEqual(CLOSE_WITHIN_MS);
  }

  /** A second session of the same user, as another device would have. */
  async function signInAgain(user: SignedInUser): Promise<SignedInUser> {
    const token = (await newSession(context, user)).access_token;
    return { ...user, token, headers: { authorization: `Bearer ${token}` } };
  }

  function call(method: 'POST' | 'PUT' | 'DELETE', url: string, caller?: SignedInUser, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: caller?.headers,
      payload,
      remoteAddress: nextAddress(),
    });
  }

  it('closes a removed member’s room socket with 4003, and the room is silent to it from then on', async () => {
    const team = await fixtures.createTeam({ members: 2 });
    const [removed, staying] = team.members as [SignedInUser, SignedInUser];
    const buyer = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(buyer, team.id);
    const otherTeam = await fixtures.createTeam({ members: 0 });
    const otherRoomId = await fixtures.buyerRoom(buyer, otherTeam.id);
    await fixtures.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'member')", [
      otherTeam.id,
      removed.id,
    ]);
    const socket = await sockets.join(roomId, userToken(removed), userKey(removed));
    const bell = await sockets.userChannel(userToken(removed));
    const inOtherTeam = await sockets.join(otherRoomId, userToken(removed), userKey(removed));
    const stayingSocket = await sockets.join(roomId, userToken(staying), userKey(staying));

    const response = await call('DELETE', `/api/teams/${team.id}/members/${removed.id}`, team.admin);
    expect(response.statusCode, response.body).toBe(204);
    await closedWithin(socket, WS_CLOSE.forbidden);

    const after = await fixtures.send(buyer, roomId, 'Said after the removal');
    await stayingSocket.newMessage((message) => message.id === after.id);
    await sleep(QUIET_MS);
    expect(socket.all('new_message', (event) => event.message.id === after.id)).toEqual([]);
    // Their rights elsewhere are untouched: another team's room and their own bell stay open.
    expect(inOtherTeam.isOpen).toBe(true);
    expect(bell.isOpen).toBe(true);
    expect(stayingSocket.isOpen).toBe(true);
  });

  it('closes the room socket of a member who leaves the team with 4003', async () => {
    const team = await fixtures.createTeam({ members: 1 });
    const member = team.members[0]!;
    const roomId = await fixtures.buyerRoom(await fixtures.buyer(), team.id);
    const socket = await sockets.join(roomId, userToken(member), userKey(member));
    const response = await call('POST', `/api/teams/${team.id}/leave`, member);
    expect(response.statusCode, response.body).toBe(204);
    await closedWithin(socket, WS_CLOSE.forbidden);
  });

  it('closes the sockets of a session that signs out with 4001, and only those', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const buyer = await fixtures.buyer();
    const otherDevice = await signInAgain(buyer);
    const roomId = await fixtures.buyerRoom(buyer, team.id);
    const room = await sockets.join(roomId, userToken(buyer), userKey(buyer));
    const bell = await sockets.userChannel(userToken(buyer));
    const otherRoom = await sockets.join(roomId, userToken(otherDevice), userKey(buyer));

    const response = await call('POST', '/api/auth/logout', buyer, {});
    expect(response.statusCode, response.body).toBeLessThan(300);
    await Promise.all([
      closedWithin(room, WS_CLOSE.unauthenticated),
      closedWithin(bell, WS_CLOSE.unauthenticated),
    ]);
    await sleep(QUIET_MS);
    expect(otherRoom.isOpen).toBe(true);
  });

  it('closes the sockets of the other sessions when the password is changed, keeping this one', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const buyer = await fixtures.buyer();
    const changer = await signInAgain(buyer);
    const roomId = await fixtures.buyerRoom(buyer, team.id);
    const elsewhere = await sockets.join(roomId, userToken(buyer), userKey(buyer));
    const here = await sockets.join(roomId, userToken(changer), userKey(buyer));

    const response = await call('POST', '/api/auth/change-password', changer, {
      current_password: TEST_PASSWORD,
      new_password: 'a-new-password-2',
    });
    expect(response.statusCode, response.body).toBe(200);
    await closedWithin(elsewhere, WS_CLOSE.unauthenticated);
    await sleep(QUIET_MS);
    expect(here.isOpen).toBe(true);
  });

  it('closes every socket of the user when the password is reset by email', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const buyer = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(buyer, team.id);
    const room = await sockets.join(roomId, userToken(buyer), userKey(buyer));
    const bell = await sockets.userChannel(userToken(buyer));

    expect(
      (await call('POST', '/api/auth/forgot-password', undefined, { email: buyer.email })).statusCode,
    ).toBe(202);
    const token = await latestLinkToken(context, buyer.email, 'reset-password');
    const response = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      new_password: 'a-new-password-3',
    });
    expect(response.statusCode, response.body).toBe(200);
    await Promise.all([
      closedWithin(room, WS_CLOSE.unauthenticated),
      closedWithin(bell, WS_CLOSE.unauthenticated),
    ]);
  });

  it('closes the sockets of a user whose role changes with 4001, and lets them back in under the new role', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const user = await createSignedInUser(context, { role: 'BUYER' });
    const admin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    const roomId = await fixtures.buyerRoom(user, team.id);
    const requested = await call('POST', '/api/verification/request', user, {
      requested_role: 'SELLER',
      request_message: 'I build web applications for a living and would like to join teams.',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const room = await sockets.join(roomId, userToken(user), userKey(user));

    const decided = await call(
      'PUT',
      `/api/verification/requests/${requested.json<{ id: number }>().id}`,
      admin,
      {
        status: 'approved',
        response_message: 'Welcome aboard.',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    await closedWithin(room, WS_CLOSE.unauthenticated);
    // The same token still opens the room: the session itself goes on.
    await sockets.join(roomId, userToken(user), userKey(user));
  });

  it('closes the guest’s sockets with 4001 when the guest becomes an account', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const guest = await fixtures.newGuest('Gina');
    const roomId = await fixtures.guestRoom(guest, team.id);
    const room = await sockets.join(roomId, guestToken(guest), guestKey(guest));
    const bell = await sockets.userChannel(guestToken(guest));

    const response = await context.app.inject({
      method: 'POST',
      url: '/api/guest-users/upgrade',
      headers: guest.headers,
      payload: {
        username: 'gina_upgraded',
        email: 'gina@example.com',
        password: 'a-good-password-1',
        role: 'BUYER',
      },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    await Promise.all([
      closedWithin(room, WS_CLOSE.unauthenticated),
      closedWithin(bell, WS_CLOSE.unauthenticated),
    ]);
  });

  it('closes a socket with 4001 when its access token expires', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const buyer = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(buyer, team.id);
    const claims = decodeJwt(buyer.token);
    const shortLived = await new SignJWT({ typ: 'access', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(buyer.id))
      .setAudience('teamhire-api')
      .setIssuer('teamhire')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const room = await sockets.join(roomId, { access_token: shortLived }, userKey(buyer));
    const bell = await sockets.userChannel({ access_token: shortLived });
    const longLived = await sockets.join(roomId, userToken(buyer), userKey(buyer));

    const closes = await Promise.race([
      Promise.all([room.closed, bell.closed]),
      sleep(3000 + CLOSE_WITHIN_MS).then(() => undefined),
    ]);
    expect(closes?.map((close) => close.code)).toEqual([WS_CLOSE.unauthenticated, WS_CLOSE.unauthenticated]);
    expect(longLived.isOpen).toBe(true);
  });

  it('closes a guest’s socket with 4001 when the guest session expires', async () => {
    const team = await fixtures.createTeam({ members: 0 });
    const guest = await fixtures.newGuest('Gert');
    const roomId = await fixtures.guestRoom(guest, team.id);
    await fixtures.query("update guest_users set expires_at = now() + interval '1 second' where id = $1", [
      guest.guest_user_id,
    ]);
    const room = await sockets.join(roomId, guestToken(guest), guestKey(guest));
    const close = await Promise.race([room.closed, sleep(2000 + CLOSE_WITHIN_MS).then(() => undefined)]);
    expect(close?.code).toBe(WS_CLOSE.unauthenticated);
  });
});
