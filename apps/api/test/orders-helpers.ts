import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_CARDS, type Order, type OrderCreate } from '@teamhire/shared';
import { nextAddress } from './accounts-helpers';
import { chatFixtures, type TestTeam } from './chat-helpers';
import type { TestContext } from './test-app';
import type { SignedInUser } from './users';

export type Caller = { headers: Record<string, string> } | undefined;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TestPackage {
  id: number;
  title: string;
  price: number;
  team: TestTeam;
}

/** Far enough ahead that the test cards never expire while this suite is in use. */
export const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

export const billingAddress = {
  street: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
} as const;

/** Teams, packages and purchases the way a buyer makes them through the API. */
export function orderFixtures(context: TestContext) {
  const chat = chatFixtures(context);
  let packageCounter = 0;

  function call(
    method: Method,
    url: string,
    caller?: Caller,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    return context.app.inject({
      method,
      url,
      headers: { ...caller?.headers, ...headers },
      payload,
      remoteAddress: nextAddress(),
    });
  }

  /** A published package (by default) of a fresh team with one member, written straight to the database. */
  async function createPackage(
    options: { team?: TestTeam; priceCents?: number; status?: 'draft' | 'published' | 'unpublished' } = {},
  ): Promise<TestPackage> {
    packageCounter += 1;
    const team = options.team ?? (await chat.createTeam({ members: 1 }));
    const priceCents = options.priceCents ?? 49_999;
    const title = `Order test package ${packageCounter}`;
    const { rows } = await context.database.pool.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, $2, 'A package that a buyer can order in tests.', $3, 14, 'react,api', $4) returning id`,
      [team.id, title, priceCents, options.status ?? 'published'],
    );
    return { id: rows[0]!.id, title, price: priceCents / 100, team };
  }

  function cardPayload(
    item: TestPackage,
    cardNumber: string = TEST_CARDS.success,
    overrides: object = {},
  ): OrderCreate {
    return {
      service_package_id: item.id,
      total_amount: item.price,
      payment_method: 'credit_card',
      card: {
        card_number: cardNumber,
        expiry_month: 12,
        expiry_year: FUTURE_YEAR,
        cvv: '123',
        cardholder_name: 'Farah Buyer',
      },
      billing_address: billingAddress,
      ...overrides,
    };
  }

  function postOrder(caller: Caller, payload: object, key: string | undefined = randomUUID()) {
    return call('POST', '/api/orders', caller, payload, key === undefined ? {} : { 'idempotency-key': key });
  }

  /** A confirmed order of the package, bought with the success card. */
  async function purchase(buyer: SignedInUser, item: TestPackage): Promise<Order> {
    const response = await postOrder(buyer, cardPayload(item));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  }

  async function setStatus(caller: Caller, orderId: number, status: string) {
    return call('PUT', `/api/orders/${orderId}/status`, caller, { status });
  }

  /**
   * Moves an order along the lifecycle: the team starts and delivers; completing takes the buyer's
   * acceptance, as the team cannot complete an order by itself.
   */
  async function advance(
    order: Order,
    team: TestTeam,
    to: 'in_progress' | 'delivered' | 'completed',
    buyer?: Caller,
  ) {
    let response = await setStatus(team.admin, order.id, 'in_progress');
    expect(response.statusCode, response.body).toBe(200);
    if (to === 'in_progress') return;
    response = await call('POST', `/api/orders/${order.id}/deliveries`, team.admin, {
      message: 'Here is the finished work.',
    });
    expect(response.statusCode, response.body).toBe(201);
    if (to === 'delivered') return;
    if (!buyer) throw new Error('Completing an order needs its buyer to accept the delivery');
    response = await call('POST', `/api/orders/${order.id}/accept`, buyer);
    expect(response.statusCode, response.body).toBe(200);
  }

  return { ...chat, call, createPackage, cardPayload, postOrder, purchase, setStatus, advance };
}
