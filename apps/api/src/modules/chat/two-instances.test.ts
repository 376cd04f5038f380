import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@teamhire/shared';
import {
  chatFixtures,
  guestKey,
  sleep,
  spreadChannelIds,
  until,
  userKey,
  userToken,
  type ChatFixtures,
  type TeamWithBuyerRoom,
  type TeamWithRooms,
} from '../../../test/chat-helpers';
import { through, twoInstances, type TwoInstances } from '../../../test/two-instances';
import { roomChannel } from './chat.service';
import { controlChannel } from '../../platform/realtime/socket-rights';

/** CI starts Redis on this address; these tests fail (never skip) when it is not there. */
const REDIS_URL = 'redis://127.0.0.1:6379';
/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 500;

describe('two instances on one database', () => {
  describe('with Redis', () => {
    let instances: TwoInstances;
    let redis: Redis;
    let fixtures: ChatFixtures;
    let rooms: TeamWithRooms;

    beforeAll(async () => {
      // Unreachable Redis must fail the run, not skip it.
      redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
      redis.on('error', () => undefined);
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');
      instances = await twoInstances({ REDIS_URL });
      fixtures = chatFixtures(instances.context);
      await spreadChannelIds(instances.context);
      rooms = await fixtures.teamWithRooms({ guestName: 'Gwyn' });
    });
    afterAll(async () => {
      await instances?.close();
      redis?.disconnect();
    });

    /**
     * An instance subscribes to a channel on Redis when its first socket listens to it, a moment after
     * the socket opened; wait until as many instances as listen there have done so.
     */
    const subscribedOnRedis = (channel: string, instanceCount = 1) =>
      until(async () => {
        const [, count] = (await redis.call('pubsub', 'numsub', channel)) as [string, number];
        return count >= instanceCount;
      }, `${instanceCount} instance(s) subscribe to ${channel} on Redis`);

    it('delivers a message posted through A to a socket on B, and the other way round', async () => {
      const onB = await instances.b.sockets.joinAs(rooms.roomId, rooms.customer);
      await subscribedOnRedis(roomChannel(rooms.roomId));
      const fromA = await through(instances.a).send(rooms.team.admin, rooms.roomId, 'Posted through A');
      expect(await onB.newMessage((message) => message.id === fromA.id)).toEqual(fromA);

      const onA = await instances.a.sockets.joinAs(rooms.roomId, rooms.team.admin);
      await subscribedOnRedis(roomChannel(rooms.roomId), 2);
      // B's buyer hears that the admin joined on A.
      await onB.next('user_joined', (event) => event.user_id === userKey(rooms.team.admin));
      const fromB = await through(instances.b).send(rooms.customer, rooms.roomId, 'Posted through B');
      expect(await onA.newMessage((message) => message.id === fromB.id)).toEqual(fromB);
      // Each socket gets each message once: the sender's own instance does not deliver it twice.
      await sleep(QUIET_MS);
      expect(onA.all('new_message', (event) => event.message.id === fromB.id)).toHaveLength(1);
      expect(onB.all('new_message', (event) => event.message.id === fromB.id)).toHaveLength(1);
    });

    it('carries socket messages, typing and the bell across instances', async () => {
      const guestOnA = await instances.a.sockets.joinAs(rooms.guestRoomId, rooms.guest);
      await subscribedOnRedis(roomChannel(rooms.guestRoomId));
      const adminOnB = await instances.b.sockets.joinAs(rooms.guestRoomId, rooms.team.admin);
      await subscribedOnRedis(roomChannel(rooms.guestRoomId), 2);
      await guestOnA.next('user_joined', (event) => event.user_id === userKey(rooms.team.admin));
      const memberBellOnA = await instances.a.sockets.userChannel(userToken(rooms.team.members[0]!));
      await subscribedOnRedis(`user:${rooms.team.members[0]!.id}`);

      guestOnA.send({ type: 'typing', is_typing: true });
      await adminOnB.next(
        'typing_status',
        (event) => event.user_id === guestKey(rooms.guest) && event.is_typing,
      );
      guestOnA.send({ type: 'message', text: 'From a socket on A' });
      const received = await adminOnB.newMessage((message) => message.message_text === 'From a socket on A');
      expect(received).toMatchObject({ sender_id: guestKey(rooms.guest), sender_role: 'guest' });
      await memberBellOnA.next('inbox_changed', (event) => event.chat_room_id === rooms.guestRoomId);

      const answer = await through(instances.b).send(rooms.team.admin, rooms.guestRoomId, 'Answered on B');
      await guestOnA.newMessage((message) => message.id === answer.id);
      await adminOnB.close();
      await guestOnA.next('user_left', (event) => event.user_id === userKey(rooms.team.admin));
    });

    it('closes sockets on B within a second when a member is removed or a session ends through A', async () => {
      const ownTeam = await fixtures.createTeam({ members: 1 });
      const removed = ownTeam.members[0]!;
      const buyer = await fixtures.buyer();
      const ownRoom = await fixtures.buyerRoom(buyer, ownTeam.id);
      const memberSocket = await instances.b.sockets.joinAs(ownRoom, removed);
      const buyerSocket = await instances.b.sockets.joinAs(ownRoom, buyer);
      await subscribedOnRedis(controlChannel({ kind: 'user', id: removed.id }));
      await subscribedOnRedis(controlChannel({ kind: 'user', id: buyer.id }));

      const closeWithinASecond = (socket: { closed: Promise<{ code: number }> }) =>
        Promise.race([socket.closed, sleep(1000).then(() => undefined)]);
      const removal = await instances.a.app.inject({
        method: 'DELETE',
        url: `/api/teams/${ownTeam.id}/members/${removed.id}`,
        headers: ownTeam.admin.headers,
      });
      expect(removal.statusCode, removal.body).toBe(204);
      expect((await closeWithinASecond(memberSocket))?.code).toBe(WS_CLOSE.forbidden);

      const signOut = await instances.a.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: buyer.headers,
        payload: {},
      });
      expect(signOut.statusCode, signOut.body).toBe(204);
      expect((await closeWithinASecond(buyerSocket))?.code).toBe(WS_CLOSE.unauthenticated);
    });
  });

  describe('without Redis', () => {
    let instances: TwoInstances;
    let fixtures: ChatFixtures;
    let rooms: TeamWithBuyerRoom;

    beforeAll(async () => {
      instances = await twoInstances({});
      expect(instances.context.config.redisUrl).toBeUndefined();
      fixtures = chatFixtures(instances.context);
      rooms = await fixtures.teamWithBuyerRoom();
    });
    afterAll(() => instances?.close());

    it('keeps events on the instance where they happen: Redis is what carries them', async () => {
      const onB = await instances.b.sockets.joinAs(rooms.roomId, rooms.customer);
      const onA = await instances.a.sockets.joinAs(rooms.roomId, rooms.team.admin);
      const fromA = await through(instances.a).send(rooms.team.admin, rooms.roomId, 'Stays on A');
      // A's own sockets get it; B's never do.
      await onA.newMessage((message) => message.id === fromA.id);
      const fromB = await through(instances.b).send(rooms.customer, rooms.roomId, 'Stays on B');
      await onB.newMessage((message) => message.id === fromB.id);
      await sleep(QUIET_MS);
      expect(onB.all('new_message', (event) => event.message.id === fromA.id)).toEqual([]);
      expect(onA.all('new_message', (event) => event.message.id === fromB.id)).toEqual([]);
      expect(onB.all('user_joined', (event) => event.user_id === userKey(rooms.team.admin))).toEqual([]);
      // Both messages are in the shared database all the same.
      const stored = await fixtures.listMessages(rooms.customer, rooms.roomId);
      expect(stored.map((message) => message.id)).toEqual([fromA.id, fromB.id]);
    });
  });
});
