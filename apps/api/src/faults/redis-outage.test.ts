import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatFixtures,
  sleep,
  spreadChannelIds,
  userKey,
  userToken,
  type ChatFixtures,
  type TestTeam,
} from '../../test/chat-helpers';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { through, twoInstances, type TwoInstances } from '../../test/two-instances';
import type { SignedInUser } from '../../test/users';

/** The machine's Redis, reached through a proxy that this test takes down and brings back. */
const REDIS = { host: '127.0.0.1', port: 6379 };
/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 500;

/**
 * Redis goes away while two instances run: each keeps serving its own sockets; when Redis returns,
 * messages cross between the instances again, without restarting either.
 */
describe('Redis stops and comes back under two instances', () => {
  let proxy: TcpProxy;
  let instances: TwoInstances;
  let fixtures: ChatFixtures;
  let team: TestTeam;
  let customer: SignedInUser;
  let roomId: number;

  beforeAll(async () => {
    proxy = await startTcpProxy(REDIS);
    instances = await twoInstances({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    fixtures = chatFixtures(instances.context);
    await spreadChannelIds(instances.context);
    team = await fixtures.createTeam({ members: 1 });
    customer = await fixtures.buyer();
    roomId = await fixtures.buyerRoom(customer, team.id);
  });
  afterAll(async () => {
    await instances?.close();
    await proxy?.close();
  });

  it('keeps local delivery during the outage and crosses instances again afterwards', async () => {
    const onA = await instances.a.sockets.join(roomId, userToken(team.admin), userKey(team.admin));
    const onB = await instances.b.sockets.join(roomId, userToken(customer), userKey(customer));
    // Both instances listen on Redis: a message crosses from A to B.
    let crossed = false;
    for (let attempt = 0; attempt < 50 && !crossed; attempt += 1) {
      const probe = await through(instances.a).send(team.admin, roomId, `Before the outage ${attempt}`);
      crossed = await onB
        .newMessage((message) => message.id === probe.id)
        .then(
          () => true,
          () => false,
        );
    }
    expect(crossed).toBe(true);

    await proxy.stop('refuse');
    const duringA = await through(instances.a).send(team.admin, roomId, 'During the outage, on A');
    const duringB = await through(instances.b).send(customer, roomId, 'During the outage, on B');
    // Each instance's own sockets still hear what happens on it, at once.
    await onA.newMessage((message) => message.id === duringA.id);
    await onB.newMessage((message) => message.id === duringB.id);
    await sleep(QUIET_MS);
    expect(onB.all('new_message', (event) => event.message.id === duringA.id)).toEqual([]);
    // Nothing is lost: both messages are stored, and a reload shows them to everyone.
    const stored = (await fixtures.listMessages(customer, roomId)).map((message) => message.id);
    expect(stored).toEqual(expect.arrayContaining([duringA.id, duringB.id]));

    await proxy.resume();
    // ioredis reconnects and subscribes again by itself; messages cross once it has.
    let resumed = false;
    for (let attempt = 0; attempt < 60 && !resumed; attempt += 1) {
      const probe = await through(instances.a).send(team.admin, roomId, `After the outage ${attempt}`);
      resumed = await onB
        .newMessage((message) => message.id === probe.id, 500)
        .then(
          () => true,
          () => false,
        );
    }
    expect(resumed).toBe(true);
    const fromB = await through(instances.b).send(customer, roomId, 'Back on B');
    await onA.newMessage((message) => message.id === fromB.id);
  });
});
