import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatFixtures,
  sleep,
  spreadChannelIds,
  type ChatFixtures,
  type TestSocket,
  type ListeningApp,
  type TeamWithBuyerRoom,
} from '../../test/chat-helpers';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { through, twoInstances, type TwoInstances } from '../../test/two-instances';
import type { SignedInUser } from '../../test/users';

/** The machine's Redis, reached through a proxy that this test takes down and brings back. */
const REDIS = { host: '127.0.0.1', port: 6379 };
/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 500;

/** Sends probes through one instance until a socket on the other hears one (at most about 20 s). */
async function crossesWithin(from: ListeningApp, sender: SignedInUser, roomId: number, listener: TestSocket) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const probe = await through(from).send(sender, roomId, `Probe ${attempt}`);
    const heard = await listener
      .newMessage((message) => message.id === probe.id, 500)
      .then(
        () => true,
        () => false,
      );
    if (heard) return true;
  }
  return false;
}

/**
 * Redis goes away while two instances run: each keeps serving its own sockets; when Redis returns,
 * messages cross between the instances again, without restarting either.
 */
describe('Redis stops and comes back under two instances', () => {
  let proxy: TcpProxy;
  let instances: TwoInstances;
  let fixtures: ChatFixtures;
  let rooms: TeamWithBuyerRoom;

  beforeAll(async () => {
    proxy = await startTcpProxy(REDIS);
    instances = await twoInstances({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    fixtures = chatFixtures(instances.context);
    await spreadChannelIds(instances.context);
    rooms = await fixtures.teamWithBuyerRoom();
  });
  afterAll(async () => {
    await instances?.close();
    await proxy?.close();
  });

  it('keeps local delivery during the outage and crosses instances again afterwards', async () => {
    const onA = await instances.a.sockets.joinAs(rooms.roomId, rooms.team.admin);
    const onB = await instances.b.sockets.joinAs(rooms.roomId, rooms.customer);
    // Both instances listen on Redis: a message crosses from A to B.
    expect(await crossesWithin(instances.a, rooms.team.admin, rooms.roomId, onB)).toBe(true);

    await proxy.stop('refuse');
    const duringA = await through(instances.a).send(
      rooms.team.admin,
      rooms.roomId,
      'During the outage, on A',
    );
    const duringB = await through(instances.b).send(rooms.customer, rooms.roomId, 'During the outage, on B');
    // Each instance's own sockets still hear what happens on it, at once.
    await onA.newMessage((message) => message.id === duringA.id);
    await onB.newMessage((message) => message.id === duringB.id);
    await sleep(QUIET_MS);
    expect(onB.all('new_message', (event) => event.message.id === duringA.id)).toEqual([]);
    // Nothing is lost: both messages are stored, and a reload shows them to everyone.
    const stored = (await fixtures.listMessages(rooms.customer, rooms.roomId)).map((message) => message.id);
    expect(stored).toEqual(expect.arrayContaining([duringA.id, duringB.id]));

    await proxy.resume();
    // ioredis reconnects and subscribes again by itself, each connection on its own schedule:
    // messages cross again in both directions once every connection is back.
    expect(await crossesWithin(instances.a, rooms.team.admin, rooms.roomId, onB)).toBe(true);
    expect(await crossesWithin(instances.b, rooms.customer, rooms.roomId, onA)).toBe(true);
  }, 90_000);
});
