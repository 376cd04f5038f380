import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderFile } from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { STORAGE_DRIVERS, storageDriverSuite, storedNames } from '../../../test/object-store';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart } from '../../../test/uploads';
import type { SignedInUser } from '../../../test/users';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Issue 33: files uploaded to an order and never named by a delivery stayed forever. The retention
 * sweep removes them (row and stored object) 7 days after their upload, by the app's clock; a
 * delivered file and a younger one stay.
 */
describe.each(STORAGE_DRIVERS)('retention of order files no delivery names (%s storage)', (driver) => {
  const storage = storageDriverSuite(driver);
  const start = new Date();
  const time = testClock(start);
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let buyer: SignedInUser;
  let team: TestTeam;
  let order: Order;
  let old: OrderFile;
  let delivered: OrderFile;
  let younger: OrderFile;

  const upload = async (caller: SignedInUser, name: string) => {
    const body = multipart(name, 'text/plain', Buffer.from(`the content of ${name}`));
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/files`,
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderFile>();
  };
  const rowExists = async (fileId: string) =>
    (await context.database.pool.query('select 1 from order_files where id = $1', [fileId])).rowCount === 1;
  const stored = () => storedNames(context.config, `orders/${order.id}`);

  beforeAll(async () => {
    context = await createTestApp(storage.environment(), { clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    team = await fx.createTeam({ members: 0 });
    order = await fx.purchase(buyer, await fx.createPackage({ team }));
    // At the start: the buyer's file that no delivery will name, and the team's file it delivers.
    old = await upload(buyer, 'never-delivered.txt');
    delivered = await upload(team.admin, 'delivered.txt');
    expect((await fx.setStatus(team.admin, order.id, 'in_progress')).statusCode).toBe(200);
    const delivery = await fx.call('POST', `/api/orders/${order.id}/deliveries`, team.admin, {
      message: 'The work, attached.',
      file_ids: [delivered.id],
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    // A day later, another file no delivery names.
    time.advanceDays(1);
    younger = await upload(buyer, 'younger.txt');
  });
  afterAll(() => context?.close());

  it('keeps every file for 7 days', async () => {
    time.set(new Date(start.getTime() + 7 * DAY_MS - HOUR_MS));
    await context.app.retention.sweep();
    for (const file of [old, delivered, younger]) expect(await rowExists(file.id)).toBe(true);
    expect((await stored()).sort()).toEqual([old.id, delivered.id, younger.id].sort());
  });

  it('after 7 days removes the file no delivery names (row and object); the delivered and the 6-day-old one stay', async () => {
    time.set(new Date(start.getTime() + 7 * DAY_MS + HOUR_MS));
    const report = await context.app.retention.sweep();
    expect(report).toMatchObject({ orderFiles: 1 });
    expect(await rowExists(old.id)).toBe(false);
    expect(await rowExists(delivered.id)).toBe(true);
    expect(await rowExists(younger.id)).toBe(true);
    expect((await stored()).sort()).toEqual([delivered.id, younger.id].sort());
    // The removed file is not found any more; the delivered one is still downloaded.
    const gone = await fx.call('GET', `/api/orders/${order.id}/files/${old.id}`, buyer);
    expect(gone.statusCode).toBe(404);
    const kept = await fx.call('GET', `/api/orders/${order.id}/files/${delivered.id}`, buyer);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe('the content of delivered.txt');
  });

  it('a day later removes the younger one too, and a sweep with nothing to remove removes nothing', async () => {
    time.set(new Date(start.getTime() + 8 * DAY_MS + HOUR_MS));
    expect(await context.app.retention.sweep()).toMatchObject({ orderFiles: 1 });
    expect(await rowExists(younger.id)).toBe(false);
    expect(await stored()).toEqual([delivered.id]);
    expect(await context.app.retention.sweep()).toMatchObject({ orderFiles: 0 });
    expect(await rowExists(delivered.id)).toBe(true);
  });
});
