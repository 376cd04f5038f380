import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFER_TEXTS,
  OFFERS_PER_HOUR,
  TEST_CARDS,
  type ChatRoomSummary,
  type NotificationList,
  type Offer,
  type OfferCreate,
  type Order,
  type User,
} from '@teamhire/shared';
import { bearer, signIn } from '../../../test/accounts-helpers';
import { expectRefused, type Caller, type Guest, type TestTeam } from '../../../test/chat-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { expectLedgerBalanced } from '../../../test/ledger-helpers';
import { billingAddress, FUTURE_YEAR, orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

const MINUTE_MS = 60 * 1000;
const OFFER_LIMIT = 5;
const DAY_MS = 24 * 60 * MINUTE_MS;

const offerBody = (overrides: Partial<OfferCreate> & Record<string, unknown> = {}) => ({
  title: 'Shop with payments',
  description: 'A shop with a catalogue, a cart and card payments, as we discussed.',
  price: 5600,
  duration_days: 30,
  revisions: 2,
  ...overrides,
});

describe('custom offers', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  let team: TestTeam;
  let customer: SignedInUser;
  let roomId: number;
  let guest: Guest;
  let guestRoomId: number;
  let otherTeam: TestTeam;
  let generalAdmin: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    // The team's admin sends every offer of these tests; the limit has a test (and an app) of its own.
    context = await createTestApp({ OFFERS_PER_HOUR: '100000' }, { clock: time.clock });
    fx = orderFixtures(context);
    ({ team, customer, guest, roomId, guestRoomId } = await fx.teamWithRooms({ members: 1 }));
    otherTeam = await fx.createTeam();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    stranger = await fx.buyer();
  });
  afterAll(() => context?.close());

  const send = (caller: Caller, room: number, body: object = offerBody()) =>
    fx.call('POST', `/api/chat-rooms/${room}/offers`, caller, body);

  async function sendOffer(room = roomId, body: object = offerBody(), sender: Caller = team.admin) {
    const response = await send(sender, room, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Offer>();
  }

  const getOffer = (caller: Caller, id: number) => fx.call('GET', `/api/offers/${id}`, caller);
  const decline = (caller: Caller, id: number) => fx.call('POST', `/api/offers/${id}/decline`, caller);
  const withdraw = (caller: Caller, id: number) => fx.call('POST', `/api/offers/${id}/withdraw`, caller);

  const orderPayload = (offer: Offer, cardNumber: string = TEST_CARDS.success, overrides: object = {}) => ({
    offer_id: offer.id,
    total_amount: offer.price,
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
  });
  const buy = (caller: Caller, offer: Offer, cardNumber?: string, overrides?: object) =>
    fx.postOrder(caller, orderPayload(offer, cardNumber, overrides));

  const notificationsOf = async (caller: Caller) =>
    (await fx.call('GET', '/api/notifications?limit=100', caller)).json<NotificationList>().items;

  const stateOf = async (id: number) => (await getOffer(team.admin, id)).json<Offer>().state;

  describe('sending', () => {
    it('the team admin sends an offer: both sides see its card, the buyer hears of it', async () => {
      const before = time.clock();
      const offer = await sendOffer();
      expect(offer).toMatchObject({
        chat_room_id: roomId,
        team_id: team.id,
        team_name: team.name,
        title: 'Shop with payments',
        price: 5600,
        duration_days: 30,
        revisions: 2,
        state: 'pending',
        order_id: null,
        state_changed_at: null,
      });
      // Seven days by default, by the app's clock.
      expect(new Date(offer.expires_at).getTime()).toBe(before.getTime() + 7 * DAY_MS);

      for (const caller of [customer, team.admin, team.members[0]!]) {
        const card = (await fx.listMessages(caller, roomId)).find(
          (message) => message.offer?.id === offer.id,
        );
        expect(card).toMatchObject({
          message_type: 'offer',
          sender_role: 'admin',
          offer: { state: 'pending' },
        });
      }
      expect(await notificationsOf(customer)).toContainEqual(
        expect.objectContaining({
          kind: 'offer_received',
          order_id: null,
          chat_room_id: roomId,
          text: `${team.name} sent you an offer: Shop with payments`,
        }),
      );
    });

    it('a member of the team may send one too, with an expiry of their choosing', async () => {
      const offer = await sendOffer(roomId, offerBody({ expires_in_days: 30 }), team.members[0]);
      expect(new Date(offer.expires_at).getTime() - new Date(offer.created_at).getTime()).toBe(30 * DAY_MS);
    });

    it("the team chat dashboard shows each conversation's latest offer and its state", async () => {
      const latest = await sendOffer(roomId, offerBody({ title: 'The latest offer' }));
      const rooms = (await fx.call('GET', `/api/teams/${team.id}/chat-rooms`, team.admin)).json<
        ChatRoomSummary[]
      >();
      expect(rooms.find((room) => room.chat_room_id === roomId)?.latest_offer).toEqual({
        id: latest.id,
        title: 'The latest offer',
        price: 5600,
        state: 'pending',
      });
      expect(rooms.find((room) => room.chat_room_id === guestRoomId)?.latest_offer ?? null).toBeNull();
    });

    it('refuses everyone but the team of the room, and writes nothing for them', async () => {
      const count = async () =>
        Number((await fx.query<{ n: string }>('select count(*) as n from offers'))[0]!.n);
      const before = await count();
      expectRefused(await send(customer, roomId), 403, OFFER_TEXTS.onlyTeam);
      expectRefused(await send(guest, guestRoomId), 403, OFFER_TEXTS.onlyTeam);
      expectRefused(await send(guest, roomId), 403);
      expectRefused(await send(otherTeam.admin, roomId), 403);
      expectRefused(await send(generalAdmin, roomId), 403);
      expectRefused(await send(stranger, roomId), 403);
      expectRefused(await send(undefined, roomId), 401);
      expectRefused(await send(team.admin, 2_000_000_000), 404);
      expect(await count()).toBe(before);
    });

    it('sends one to a guest: no bell for a guest, the card is in their conversation', async () => {
      const offer = await sendOffer(guestRoomId);
      const card = (await fx.listMessages(guest, guestRoomId)).find(
        (message) => message.offer?.id === offer.id,
      );
      expect(card?.offer?.state).toBe('pending');
    });
  });

  describe('limits', () => {
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['title of 4', { title: 'abcd' }, false],
      ['title of 5', { title: 'abcde' }, true],
      ['title of 100', { title: 'a'.repeat(100) }, true],
      ['title of 101', { title: 'a'.repeat(101) }, false],
      ['blank title', { title: '      ' }, false],
      ['description of 19', { description: 'd'.repeat(19) }, false],
      ['description of 20', { description: 'd'.repeat(20) }, true],
      ['description of 5000', { description: 'd'.repeat(5000) }, true],
      ['description of 5001', { description: 'd'.repeat(5001) }, false],
      ['price 0.99', { price: 0.99 }, false],
      ['price 1', { price: 1 }, true],
      ['price 1,000,000', { price: 1_000_000 }, true],
      ['price 1,000,000.01', { price: 1_000_000.01 }, false],
      ['price with three decimals', { price: 10.005 }, false],
      ['price as text', { price: '100' }, false],
      ['duration 0', { duration_days: 0 }, false],
      ['duration 1', { duration_days: 1 }, true],
      ['duration 365', { duration_days: 365 }, true],
      ['duration 366', { duration_days: 366 }, false],
      ['duration 1.5', { duration_days: 1.5 }, false],
      ['revisions -1', { revisions: -1 }, false],
      ['revisions 0', { revisions: 0 }, true],
      ['revisions 10', { revisions: 10 }, true],
      ['revisions 11', { revisions: 11 }, false],
      ['expiry 0 days', { expires_in_days: 0 }, false],
      ['expiry 1 day', { expires_in_days: 1 }, true],
      ['expiry 30 days', { expires_in_days: 30 }, true],
      ['expiry 31 days', { expires_in_days: 31 }, false],
      ['an unknown field', { discount: 10 }, false],
      ['a state from the client', { state: 'accepted' }, false],
    ];
    it.each(cases)('%s', async (_name, overrides, allowed) => {
      const response = await send(team.admin, roomId, offerBody(overrides));
      expect(response.statusCode, response.body).toBe(allowed ? 201 : 422);
    });

    it('refuses a missing field', async () => {
      const { title: _title, ...rest } = offerBody();
      expectRefused(await send(team.admin, roomId, rest), 422);
    });
  });

  describe('reading', () => {
    it('the parties of the room read it; anyone else is told it does not exist', async () => {
      const offer = await sendOffer();
      for (const caller of [customer, team.admin, team.members[0]!]) {
        expect((await getOffer(caller, offer.id)).json<Offer>()).toEqual(offer);
      }
      for (const caller of [guest, otherTeam.admin, generalAdmin, stranger]) {
        expectRefused(await getOffer(caller, offer.id), 404, OFFER_TEXTS.notFound);
      }
      expectRefused(await getOffer(undefined, offer.id), 401);
      expectRefused(await getOffer(customer, 2_000_000_000), 404, OFFER_TEXTS.notFound);
      const guestOffer = await sendOffer(guestRoomId);
      expect((await getOffer(guest, guestOffer.id)).statusCode).toBe(200);
      expectRefused(await getOffer(customer, guestOffer.id), 404);
    });

    it("the offer's own package is no catalogue package: not found, listed or bought as one", async () => {
      const offer = await sendOffer();
      const [row] = await fx.query<{ package_id: number }>('select package_id from offers where id = $1', [
        offer.id,
      ]);
      const packageId = row!.package_id;
      expectRefused(await fx.call('GET', `/api/service-packages/${packageId}`, team.admin), 404);
      expectRefused(await fx.call('POST', `/api/service-packages/${packageId}/publish`, team.admin), 404);
      const mine = (await fx.call('GET', '/api/service-packages/my-packages', team.admin)).json<
        { id: number }[]
      >();
      expect(mine.map((item) => item.id)).not.toContain(packageId);
      const direct = await fx.postOrder(customer, {
        ...orderPayload(offer),
        offer_id: undefined,
        service_package_id: packageId,
      });
      expectRefused(direct, 404);
    });
  });

  describe('declining and withdrawing', () => {
    it('the buyer declines; the team hears of it; a second decline is refused', async () => {
      const offer = await sendOffer();
      expectRefused(await decline(team.admin, offer.id), 403, OFFER_TEXTS.onlyBuyer);
      expectRefused(await decline(team.members[0], offer.id), 403, OFFER_TEXTS.onlyBuyer);
      for (const caller of [guest, otherTeam.admin, generalAdmin, stranger]) {
        expectRefused(await decline(caller, offer.id), 404, OFFER_TEXTS.notFound);
      }
      expectRefused(await decline(undefined, offer.id), 401);
      const response = await decline(customer, offer.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Offer>()).toMatchObject({
        state: 'declined',
        state_changed_at: expect.any(String),
      });
      expectRefused(await decline(customer, offer.id), 409, OFFER_TEXTS.declined);
      expectRefused(await withdraw(team.admin, offer.id), 409, OFFER_TEXTS.declined);
      for (const member of [team.admin, team.members[0]!]) {
        expect(await notificationsOf(member)).toContainEqual(
          expect.objectContaining({
            kind: 'offer_declined',
            chat_room_id: roomId,
            text: `${customer.username} declined your offer: Shop with payments`,
          }),
        );
      }
    });

    it('a guest must sign up to decline', async () => {
      const offer = await sendOffer(guestRoomId);
      expectRefused(await decline(guest, offer.id), 403, OFFER_TEXTS.guestMustSignUp);
      expect(await stateOf(offer.id)).toBe('pending');
    });

    it('the team withdraws; the buyer cannot, nor can anyone else; a withdrawn offer cannot be bought', async () => {
      const offer = await sendOffer();
      expectRefused(await withdraw(customer, offer.id), 403, OFFER_TEXTS.onlyTeam);
      for (const caller of [guest, otherTeam.admin, generalAdmin, stranger]) {
        expectRefused(await withdraw(caller, offer.id), 404);
      }
      const response = await withdraw(team.members[0], offer.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Offer>().state).toBe('withdrawn');
      expectRefused(await buy(customer, offer), 409, OFFER_TEXTS.withdrawn);
      expectRefused(await decline(customer, offer.id), 409, OFFER_TEXTS.withdrawn);
    });

    it('five declines at once: one wins, the others find it declined', async () => {
      const offer = await sendOffer();
      const responses = await Promise.all(Array.from({ length: 5 }, () => decline(customer, offer.id)));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      for (const response of responses.filter((each) => each.statusCode !== 200)) {
        expectRefused(response, 409, OFFER_TEXTS.declined);
      }
      const [row] = await fx.query<{ n: string }>(
        "select count(*) as n from notifications where kind = 'offer_declined' and text like $1",
        [`%${offer.title}`],
      );
      expect(Number(row!.n)).toBeGreaterThan(0);
    });

    it('a decline and a withdrawal at once: exactly one of them wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const offer = await sendOffer();
        const [declined, withdrawn] = await Promise.all([
          decline(customer, offer.id),
          withdraw(team.admin, offer.id),
        ]);
        expect([declined.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
        expect(await stateOf(offer.id)).toBe(declined.statusCode === 200 ? 'declined' : 'withdrawn');
      }
    });
  });

  describe('paying', () => {
    it('the buyer pays: one order from the offer, the offer accepted, the team told, the ledger balanced', async () => {
      const offer = await sendOffer();
      const response = await buy(customer, offer);
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<Order>();
      expect(order).toMatchObject({
        status: 'confirmed',
        total_amount: 5600,
        offer_id: offer.id,
        chat_room_id: roomId,
        team_id: team.id,
        revisions_included: 2,
        service_package: { title: 'Shop with payments', price: 5600, duration_days: 30 },
      });
      expect(new Date(order.due_at!).getTime() - new Date(order.confirmed_at!).getTime()).toBe(30 * DAY_MS);
      const accepted = (await getOffer(customer, offer.id)).json<Offer>();
      expect(accepted).toMatchObject({ state: 'accepted', order_id: order.id });
      // The team's word of the new order is the offer's acceptance, once, in each member's bell.
      for (const member of [team.admin, team.members[0]!]) {
        const mine = (await notificationsOf(member)).filter((item) => item.order_id === order.id);
        expect(mine).toEqual([
          expect.objectContaining({
            kind: 'offer_accepted',
            chat_room_id: roomId,
            text: `${customer.username} accepted and paid your offer: Shop with payments`,
          }),
        ]);
      }
      // The team sees the order; it reads as any other.
      const teamView = (await fx.call('GET', `/api/orders/${order.id}`, team.admin)).json<Order>();
      expect(teamView).toMatchObject({ offer_id: offer.id, chat_room_id: roomId, viewer: { is_team: true } });
      expectRefused(await buy(customer, offer), 409, OFFER_TEXTS.accepted);
      expectRefused(await decline(customer, offer.id), 409, OFFER_TEXTS.accepted);
      expectRefused(await withdraw(team.admin, offer.id), 409, OFFER_TEXTS.accepted);
      await expectLedgerBalanced(context);
    });

    it('ten purchases at once: one order, the others refused as accepted', async () => {
      const offer = await sendOffer();
      const responses = await Promise.all(Array.from({ length: 10 }, () => buy(customer, offer)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      for (const response of responses.filter((each) => each.statusCode !== 201)) {
        expectRefused(response, 409, OFFER_TEXTS.accepted);
      }
      const [row] = await fx.query<{ n: string }>(
        'select count(*) as n from orders o join offers f on f.package_id = o.service_package_id where f.id = $1',
        [offer.id],
      );
      expect(Number(row!.n)).toBe(1);
      expect(await stateOf(offer.id)).toBe('accepted');
      await expectLedgerBalanced(context);
    });

    it('ten repeats of one purchase (one Idempotency-Key) answer with the one order', async () => {
      const offer = await sendOffer();
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => fx.postOrder(customer, orderPayload(offer), key)),
      );
      const ids = new Set(
        responses.map((response) => {
          expect(response.statusCode, response.body).toBe(201);
          return response.json<Order>().id;
        }),
      );
      expect(ids.size).toBe(1);
    });

    it('a declined card leaves the offer pending; the next card pays for it', async () => {
      const offer = await sendOffer();
      const declined = await buy(customer, offer, TEST_CARDS.declined);
      expect(declined.statusCode, declined.body).toBe(402);
      expect(await stateOf(offer.id)).toBe('pending');
      const paid = await buy(customer, offer);
      expect(paid.statusCode, paid.body).toBe(201);
      expect(await stateOf(offer.id)).toBe('accepted');
      await expectLedgerBalanced(context);
    });

    it('the amount must be the offer price', async () => {
      const offer = await sendOffer();
      expectRefused(
        await buy(customer, offer, undefined, { total_amount: 5599.99 }),
        409,
        OFFER_TEXTS.amountMismatch,
      );
      expect(await stateOf(offer.id)).toBe('pending');
    });

    it('only the buyer of the room pays; both or neither of package and offer is refused', async () => {
      const offer = await sendOffer();
      expectRefused(await buy(team.members[0], offer), 403);
      expectRefused(await buy(otherTeam.admin, offer), 403);
      expectRefused(await buy(stranger, offer), 404, OFFER_TEXTS.notFound);
      expectRefused(await buy(generalAdmin, offer), 404, OFFER_TEXTS.notFound);
      expectRefused(await buy(undefined, offer), 401);
      const item = await fx.createPackage({ team });
      expectRefused(await buy(customer, offer, undefined, { service_package_id: item.id }), 422);
      expectRefused(await buy(customer, offer, undefined, { offer_id: undefined }), 422);
      expectRefused(await buy(customer, { ...offer, id: 2_000_000_000 }), 404, OFFER_TEXTS.notFound);
      expect(await stateOf(offer.id)).toBe('pending');
    });
  });

  describe('expiry, by a clock the tests move', () => {
    it('expires at its expiry time, not a minute sooner; then nobody can act on it', async () => {
      const offer = await sendOffer(roomId, offerBody({ expires_in_days: 1 }));
      time.advance(DAY_MS - MINUTE_MS);
      await context.app.offerExpiry.expireDue();
      expect(await stateOf(offer.id)).toBe('pending');
      time.advance(2 * MINUTE_MS);
      // Past its time, it is refused as expired even before the job ran.
      expectRefused(await buy(customer, offer), 409, OFFER_TEXTS.expired);
      expect(await context.app.offerExpiry.expireDue()).toBeGreaterThanOrEqual(1);
      const expired = (await getOffer(customer, offer.id)).json<Offer>();
      expect(expired).toMatchObject({ state: 'expired', state_changed_at: time.clock().toISOString() });
      expectRefused(await buy(customer, offer), 409, OFFER_TEXTS.expired);
      expectRefused(await decline(customer, offer.id), 409, OFFER_TEXTS.expired);
      expectRefused(await withdraw(team.admin, offer.id), 409, OFFER_TEXTS.expired);
      expect(await context.app.offerExpiry.expireDue()).toBe(0);
    });

    it('two sweeps at once expire an offer once', async () => {
      const offer = await sendOffer(roomId, offerBody({ expires_in_days: 1 }));
      time.advanceDays(2);
      const counts = await Promise.all([
        context.app.offerExpiry.expireDue(),
        context.app.offerExpiry.expireDue(),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
      expect(await stateOf(offer.id)).toBe('expired');
    });
  });

  describe("a guest's offer survives sign-up and is paid", () => {
    it('the guest signs up; the same conversation and offer are theirs to pay', async () => {
      const newcomer = await fx.newGuest('Grace');
      const room = await fx.guestRoom(newcomer, team.id);
      await fx.send(newcomer, room, 'How much for an online shop?');
      const offer = await sendOffer(room, offerBody({ title: 'Online shop for Grace' }));
      expectRefused(await buy(newcomer, offer), 401);
      const upgrade = await fx.call('POST', '/api/guest-users/upgrade', newcomer, {
        username: 'grace_from_guest',
        email: 'grace_from_guest@example.com',
        password: 'a-good-password',
        role: 'BUYER',
      });
      expect(upgrade.statusCode, upgrade.body).toBe(201);
      expect(upgrade.json<User>().username).toBe('grace_from_guest');
      const tokens = await signIn(context, 'grace_from_guest', 'a-good-password');
      const grace = { headers: bearer(tokens.access_token) };
      const card = (await fx.listMessages(grace, room)).find((message) => message.offer?.id === offer.id);
      expect(card?.offer?.state).toBe('pending');
      const response = await buy(grace, offer);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Order>()).toMatchObject({ offer_id: offer.id, chat_room_id: room });
      expect(await stateOf(offer.id)).toBe('accepted');
      await expectLedgerBalanced(context);
    });
  });
});

describe('the offer rate limit', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ OFFERS_PER_HOUR: String(OFFER_LIMIT) });
  });
  afterAll(() => context?.close());

  it(`a user sends at most OFFERS_PER_HOUR offers an hour (${OFFERS_PER_HOUR} unless configured)`, async () => {
    const fx = orderFixtures(context);
    const busy = await fx.teamWithBuyerRoom({ members: 1 });
    const send = (caller: Caller) =>
      fx.call('POST', `/api/chat-rooms/${busy.roomId}/offers`, caller, offerBody());
    for (let index = 0; index < OFFER_LIMIT; index += 1) {
      expect((await send(busy.team.admin)).statusCode).toBe(201);
    }
    const refused = await send(busy.team.admin);
    expectRefused(refused, 429, OFFER_TEXTS.tooManyOffers);
    expect(refused.headers['retry-after']).toBeDefined();
    // Counted per user: the team's member still may.
    expect((await send(busy.team.members[0])).statusCode).toBe(201);
  });
});
