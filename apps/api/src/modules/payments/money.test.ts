import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MONEY_TEXTS,
  type Earnings,
  type FinanceSummary,
  type Order,
  type PayoutAccount,
  type PayoutOnboarding,
  type PayoutSplit,
} from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { until, type TestTeam } from '../../../test/chat-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { expectLedgerBalanced, ledgerBalance, orderMovements } from '../../../test/ledger-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import { recordCharge } from './ledger.service';
import { allocate, splitAmount } from './money-split';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

/** The test gateway, counting transfers and failing the next `failNext` of them. */
function countingProvider() {
  const base = createTestPaymentProvider();
  const state = { failNext: 0, transferKeys: [] as string[] };
  const provider: PaymentProvider = {
    ...base,
    async transfer(request) {
      if (state.failNext > 0) {
        state.failNext -= 1;
        throw new Error('The gateway is unavailable');
      }
      state.transferKeys.push(request.idempotencyKey);
      return base.transfer(request);
    },
  };
  return { provider, state };
}

describe('the rounding rule', () => {
  it('takes the fee rounded down and gives the cents left over to the admin, to the cent', () => {
    const shares = (...percents: number[]) =>
      percents.map((percent, index) => ({ userId: index + 1, percent, isAdmin: index === 0 }));
    // 333.33 among 67/33 at 10 %: fee 33.33 (33.333 down), 300.00 left, 201.00 and 99.00.
    expect(splitAmount(33_333, 10, shares(67, 33))).toEqual({
      feeCents: 3_333,
      members: [
        { userId: 1, cents: 20_100 },
        { userId: 2, cents: 9_900 },
      ],
    });
    // 100.01 among 34/33/33: fee 10.00, 90.01 left; 30.60 + 29.70 + 29.70 = 90.00, the cent to the admin.
    expect(splitAmount(10_001, 10, shares(34, 33, 33)).members.map((member) => member.cents)).toEqual([
      3_061, 2_970, 2_970,
    ]);
    // 99.99 at 15 %: 14.9985 rounds down to 14.99.
    expect(splitAmount(9_999, 15, shares(100)).feeCents).toBe(1_499);
    for (let cents = 1; cents < 5_000; cents += 7) {
      for (const [fee, split] of [
        [10, shares(67, 33)],
        [7, shares(1, 33, 33, 33)],
        [0, shares(50, 50)],
        [100, shares(100)],
      ] as const) {
        const result = splitAmount(cents, fee, [...split]);
        const total = result.feeCents + result.members.reduce((sum, member) => sum + member.cents, 0);
        expect(total).toBe(cents);
        expect(result.members.every((member) => member.cents >= 0)).toBe(true);
      }
    }
    expect(allocate(1_001, [100, 451, 450], 0)).toEqual([100, 451, 450]);
    expect(allocate(10, [1, 1, 1], 0)).toEqual([4, 3, 3]);
  });
});

describe('money to the team', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  const gateway = countingProvider();
  let buyer: SignedInUser;
  let stranger: SignedInUser;
  let generalAdmin: SignedInUser;

  beforeAll(async () => {
    context = await createTestApp({}, { clock: time.clock, paymentProvider: gateway.provider });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    stranger = await fx.seller();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
  });

  afterAll(async () => {
    await context?.close();
  });

  const splitUrl = (team: TestTeam) => `/api/teams/${team.id}/payout-split`;
  async function setSplit(team: TestTeam, shares: [SignedInUser, number][]) {
    const response = await fx.call('PUT', splitUrl(team), team.admin, {
      shares: shares.map(([user, percent]) => ({ user_id: user.id, percent })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PayoutSplit>();
  }
  async function earnings(user: SignedInUser) {
    const response = await fx.call('GET', '/api/user/earnings', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Earnings>();
  }
  async function connect(user: SignedInUser) {
    const response = await fx.call('POST', '/api/user/payout-account', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PayoutOnboarding>();
  }
  async function bought(team: TestTeam, priceCents: number) {
    const item = await fx.createPackage({ team, priceCents });
    return fx.purchase(buyer, item);
  }
  async function completed(team: TestTeam, priceCents: number) {
    const order = await bought(team, priceCents);
    await fx.advance(order, team, 'completed', buyer);
    return order;
  }
  async function disputedOrder(team: TestTeam, priceCents: number) {
    const order = await bought(team, priceCents);
    await fx.advance(order, team, 'delivered');
    const response = await fx.call('POST', `/api/orders/${order.id}/disputes`, buyer, {
      reason: 'poor_quality',
      details: 'The delivered site does not load on any phone we tried.',
    });
    expect(response.statusCode, response.body).toBe(201);
    return { order, disputeId: response.json<{ id: number }>().id };
  }
  const resolve = (disputeId: number, body: object) =>
    fx.call('POST', `/api/disputes/${disputeId}/resolve`, generalAdmin, {
      message: 'Decided after reading both sides.',
      ...body,
    });

  describe('the payout split', () => {
    it('is everything to the admin until set, readable by members, editable by the admin only', async () => {
      const team = await fx.createTeam({ members: 2 });
      const [first, second] = team.members as [SignedInUser, SignedInUser];
      const initial = await fx.call('GET', splitUrl(team), first);
      expect(initial.statusCode, initial.body).toBe(200);
      expect(initial.json<PayoutSplit>()).toMatchObject({
        team_id: team.id,
        updated_at: null,
        shares: [
          { user_id: team.admin.id, is_admin: true, percent: 100 },
          { user_id: first.id, is_admin: false, percent: 0 },
          { user_id: second.id, is_admin: false, percent: 0 },
        ],
      });

      const saved = await setSplit(team, [
        [team.admin, 50],
        [first, 30],
        [second, 20],
      ]);
      expect(saved.shares.map((share) => share.percent)).toEqual([50, 30, 20]);
      expect(saved.updated_at).not.toBeNull();
      const read = (await fx.call('GET', splitUrl(team), second)).json<PayoutSplit>();
      expect(read.shares.map((share) => [share.user_id, share.percent])).toEqual([
        [team.admin.id, 50],
        [first.id, 30],
        [second.id, 20],
      ]);
      expect((await fx.call('GET', splitUrl(team), generalAdmin)).statusCode).toBe(200);

      expect((await fx.call('GET', splitUrl(team), stranger)).statusCode).toBe(403);
      expect((await fx.call('GET', splitUrl(team))).statusCode).toBe(401);
      expect((await fx.call('GET', '/api/teams/999999/payout-split', first)).statusCode).toBe(404);
      const byMember = await fx.call('PUT', splitUrl(team), first, {
        shares: [{ user_id: first.id, percent: 100 }],
      });
      expect(byMember.statusCode).toBe(403);
      const byStranger = await fx.call('PUT', splitUrl(team), stranger, {
        shares: [{ user_id: stranger.id, percent: 100 }],
      });
      expect(byStranger.statusCode).toBe(403);
      // Refusals changed nothing.
      expect((await fx.call('GET', splitUrl(team), first)).json<PayoutSplit>().shares[0]!.percent).toBe(50);
    });

    it('refuses a split that does not add up to 100, repeats a member, names a non-member or sends unknown fields', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      const put = (body: object) => fx.call('PUT', splitUrl(team), team.admin, body);
      const notHundred = await put({
        shares: [
          { user_id: team.admin.id, percent: 60 },
          { user_id: member.id, percent: 30 },
        ],
      });
      expect(notHundred.statusCode).toBe(422);
      expect(notHundred.json<ErrorBody>().errors).toContainEqual({
        path: 'body.shares',
        message: MONEY_TEXTS.splitMustTotal100,
      });
      const duplicate = await put({
        shares: [
          { user_id: member.id, percent: 50 },
          { user_id: member.id, percent: 50 },
        ],
      });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json<ErrorBody>().errors).toContainEqual({
        path: 'body.shares.1.user_id',
        message: MONEY_TEXTS.splitDuplicateMember,
      });
      const outsider = await put({
        shares: [
          { user_id: team.admin.id, percent: 50 },
          { user_id: stranger.id, percent: 50 },
        ],
      });
      expect(outsider.statusCode).toBe(422);
      expect(outsider.json<ErrorBody>()).toMatchObject({
        detail: MONEY_TEXTS.splitNotMember,
        errors: [{ path: 'body.shares.1.user_id', message: MONEY_TEXTS.splitNotMember }],
      });
      expect((await put({ shares: [{ user_id: team.admin.id, percent: 100 }], extra: 1 })).statusCode).toBe(
        422,
      );
      expect((await put({ shares: [{ user_id: team.admin.id, percent: 99.5 }] })).statusCode).toBe(422);
      expect((await put({ shares: [] })).statusCode).toBe(422);
      const split = (await fx.call('GET', splitUrl(team), team.admin)).json<PayoutSplit>();
      expect(split.updated_at).toBeNull();
    });

    it('drops a member who leaves or is removed, their share going to the admin; paid orders keep theirs', async () => {
      const team = await fx.createTeam({ members: 2 });
      const [leaver, removed] = team.members as [SignedInUser, SignedInUser];
      await setSplit(team, [
        [team.admin, 40],
        [leaver, 35],
        [removed, 25],
      ]);
      const order = await bought(team, 10_000);

      expect((await fx.call('POST', `/api/teams/${team.id}/leave`, leaver)).statusCode).toBe(204);
      let split = (await fx.call('GET', splitUrl(team), team.admin)).json<PayoutSplit>();
      expect(split.shares.map((share) => [share.user_id, share.percent])).toEqual([
        [team.admin.id, 75],
        [removed.id, 25],
      ]);
      const removal = await fx.call('DELETE', `/api/teams/${team.id}/members/${removed.id}`, team.admin);
      expect(removal.statusCode, removal.body).toBe(204);
      split = (await fx.call('GET', splitUrl(team), team.admin)).json<PayoutSplit>();
      expect(split.shares.map((share) => [share.user_id, share.percent])).toEqual([[team.admin.id, 100]]);
      expect((await fx.call('GET', splitUrl(team), leaver)).statusCode).toBe(403);

      // The order paid before they left keeps the split of its purchase.
      await fx.advance(order, team, 'completed', buyer);
      expect(await orderMovements(context, order.id)).toMatchObject({
        escrow: 0,
        platform_fee: 1_000,
        [`member_payable:${team.admin.id}`]: 3_600,
        [`member_payable:${leaver.id}`]: 3_150,
        [`member_payable:${removed.id}`]: 2_250,
      });
      // An order bought now pays the admin everything.
      const later = await completed(team, 10_000);
      expect(await orderMovements(context, later.id)).toEqual({
        buyer_funds: -10_000,
        escrow: 0,
        platform_fee: 1_000,
        [`member_payable:${team.admin.id}`]: 9_000,
      });
      await expectLedgerBalanced(context);
    });
    it('never leaves a share with a member who leaves while the admin saves the split', async () => {
      for (let round = 0; round < 3; round += 1) {
        const team = await fx.createTeam({ members: 1 });
        const member = team.members[0]!;
        const [saved, left] = await Promise.all([
          fx.call('PUT', splitUrl(team), team.admin, {
            shares: [
              { user_id: team.admin.id, percent: 40 },
              { user_id: member.id, percent: 60 },
            ],
          }),
          fx.call('POST', `/api/teams/${team.id}/leave`, member),
        ]);
        expect(left.statusCode).toBe(204);
        // Either the split was saved first (and the leave moved the share) or it named a non-member.
        expect([200, 422]).toContain(saved.statusCode);
        const split = (await fx.call('GET', splitUrl(team), team.admin)).json<PayoutSplit>();
        expect(split.shares.map((share) => [share.user_id, share.percent])).toEqual([[team.admin.id, 100]]);
      }
    });
  });

  describe('held payments', () => {
    it('holds the charge in escrow and splits 333.33 among 67/33 to the cent on acceptance', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 67],
        [member, 33],
      ]);
      const order = await bought(team, 33_333);
      expect(await orderMovements(context, order.id)).toEqual({ buyer_funds: -33_333, escrow: 33_333 });
      await expectLedgerBalanced(context);
      const pending = await earnings(member);
      expect(pending).toMatchObject({ pending: 99, available: 0, paid_out: 0 });
      expect(pending.items).toEqual([
        expect.objectContaining({
          order_id: order.id,
          team_id: team.id,
          percent: 33,
          amount: 99,
          status: 'pending',
        }),
      ]);

      await fx.advance(order, team, 'completed', buyer);
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -33_333,
        escrow: 0,
        platform_fee: 3_333,
        [`member_payable:${team.admin.id}`]: 20_100,
        [`member_payable:${member.id}`]: 9_900,
      });
      const earned = await earnings(member);
      expect(earned).toMatchObject({ pending: 0, available: 99, paid_out: 0 });
      expect(earned.items[0]).toMatchObject({
        status: 'available',
        amount: 99,
        completed_at: expect.any(String),
      });
      expect((await earnings(team.admin)).available).toBe(201);
      await expectLedgerBalanced(context);
    });

    it('records a charge once however often it is reported (a replayed webhook)', async () => {
      const team = await fx.createTeam({ members: 0 });
      const order = await bought(team, 4_321);
      await context.database.db.transaction((transaction) =>
        recordCharge(transaction, { orderId: order.id, amountCents: 4_321 }),
      );
      expect(await orderMovements(context, order.id)).toEqual({ buyer_funds: -4_321, escrow: 4_321 });
      await expectLedgerBalanced(context);
    });

    it('gives the cents rounding leaves to the admin in a three-way split', async () => {
      const team = await fx.createTeam({ members: 2 });
      const [first, second] = team.members as [SignedInUser, SignedInUser];
      await setSplit(team, [
        [team.admin, 34],
        [first, 33],
        [second, 33],
      ]);
      const order = await completed(team, 10_001);
      expect(await orderMovements(context, order.id)).toMatchObject({
        escrow: 0,
        platform_fee: 1_000,
        [`member_payable:${team.admin.id}`]: 3_061,
        [`member_payable:${first.id}`]: 2_970,
        [`member_payable:${second.id}`]: 2_970,
      });
      // 10.01 at 50/50: 1.00 fee, 9.01 left, 4.50 each and the cent to the admin.
      const halves = await fx.createTeam({ members: 1 });
      await setSplit(halves, [
        [halves.admin, 50],
        [halves.members[0]!, 50],
      ]);
      const small = await completed(halves, 1_001);
      expect(await orderMovements(context, small.id)).toMatchObject({
        platform_fee: 100,
        [`member_payable:${halves.admin.id}`]: 451,
        [`member_payable:${halves.members[0]!.id}`]: 450,
      });
      await expectLedgerBalanced(context);
    });

    it('completes with the split copied at purchase, whatever the admin sets later', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 70],
        [member, 30],
      ]);
      const order = await bought(team, 20_000);
      await setSplit(team, [
        [team.admin, 10],
        [member, 90],
      ]);
      await fx.advance(order, team, 'completed', buyer);
      expect(await orderMovements(context, order.id)).toMatchObject({
        [`member_payable:${team.admin.id}`]: 12_600,
        [`member_payable:${member.id}`]: 5_400,
      });
      await expectLedgerBalanced(context);
    });

    it('returns the escrow to the buyer on cancellation; the team never sees the money', async () => {
      const team = await fx.createTeam({ members: 1 });
      await setSplit(team, [
        [team.admin, 50],
        [team.members[0]!, 50],
      ]);
      const order = await bought(team, 12_345);
      const response = await fx.setStatus(buyer, order.id, 'cancelled');
      expect(response.statusCode, response.body).toBe(200);
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -12_345,
        escrow: 0,
        refunded: 12_345,
      });
      const member = await earnings(team.members[0]!);
      expect(member).toMatchObject({ pending: 0, available: 0 });
      expect(member.items[0]).toMatchObject({ order_id: order.id, status: 'refunded' });
      await expectLedgerBalanced(context);
    });

    it('completes by the timer when the buyer does nothing', async () => {
      const team = await fx.createTeam({ members: 0 });
      const order = await bought(team, 5_000);
      await fx.advance(order, team, 'delivered');
      time.advanceDays(context.config.autoCompleteDays + 1);
      expect(await context.app.orderTimers.autoComplete()).toBeGreaterThanOrEqual(1);
      expect(await orderMovements(context, order.id)).toMatchObject({
        escrow: 0,
        platform_fee: 500,
        [`member_payable:${team.admin.id}`]: 4_500,
      });
      await expectLedgerBalanced(context);
    });

    it('pays once when the buyer accepts twice at the same moment', async () => {
      const team = await fx.createTeam({ members: 1 });
      const order = await bought(team, 40_000);
      await fx.advance(order, team, 'delivered');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => fx.call('POST', `/api/orders/${order.id}/accept`, buyer)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const { rows } = await context.database.pool.query(
        "select id from ledger_transactions where order_id = $1 and kind = 'completion'",
        [order.id],
      );
      expect(rows).toHaveLength(1);
      expect(await orderMovements(context, order.id)).toMatchObject({
        escrow: 0,
        platform_fee: 4_000,
        [`member_payable:${team.admin.id}`]: 36_000,
      });
      await expectLedgerBalanced(context);
    });
  });

  describe('disputes', () => {
    it('released: the team is paid in full', async () => {
      const team = await fx.createTeam({ members: 0 });
      const { order, disputeId } = await disputedOrder(team, 25_000);
      expect((await resolve(disputeId, { outcome: 'release' })).statusCode).toBe(200);
      expect(await orderMovements(context, order.id)).toMatchObject({
        escrow: 0,
        platform_fee: 2_500,
        [`member_payable:${team.admin.id}`]: 22_500,
      });
      await expectLedgerBalanced(context);
    });

    it('refunded in full: everything goes back to the buyer', async () => {
      const team = await fx.createTeam({ members: 0 });
      const { order, disputeId } = await disputedOrder(team, 25_000);
      expect((await resolve(disputeId, { outcome: 'refund' })).statusCode).toBe(200);
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -25_000,
        escrow: 0,
        refunded: 25_000,
      });
      await expectLedgerBalanced(context);
    });

    it('partly refunded: the buyer gets the amount back, the fee is taken on what is kept, the team the rest', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 67],
        [member, 33],
      ]);
      const { order, disputeId } = await disputedOrder(team, 50_000);
      const response = await resolve(disputeId, { outcome: 'partial_refund', refund_amount: 166.67 });
      expect(response.statusCode, response.body).toBe(200);
      // 500.00 - 166.67 = 333.33 kept: fee 33.33, then 201.00 and 99.00.
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -50_000,
        escrow: 0,
        refunded: 16_667,
        platform_fee: 3_333,
        [`member_payable:${team.admin.id}`]: 20_100,
        [`member_payable:${member.id}`]: 9_900,
      });
      expect((await earnings(member)).items[0]).toMatchObject({ status: 'available', amount: 99 });
      await expectLedgerBalanced(context);

      // A general admin then refunds the rest: it comes back from the fee and the payables.
      const payment = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>().payment!;
      const refund = await fx.call('PUT', `/api/payments/${payment.id}/status`, generalAdmin, {
        status: 'refunded',
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -50_000,
        escrow: 0,
        refunded: 50_000,
        platform_fee: 0,
        [`member_payable:${team.admin.id}`]: 0,
        [`member_payable:${member.id}`]: 0,
      });
      await expectLedgerBalanced(context);
    });
  });

  describe('refund after completion', () => {
    it('takes the money back from the fee and the payables when nothing was paid out', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 60],
        [member, 40],
      ]);
      const order = await completed(team, 30_001);
      const payment = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>().payment!;
      const response = await fx.call('PUT', `/api/payments/${payment.id}/status`, generalAdmin, {
        status: 'refunded',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -30_001,
        escrow: 0,
        refunded: 30_001,
        platform_fee: 0,
        [`member_payable:${team.admin.id}`]: 0,
        [`member_payable:${member.id}`]: 0,
      });
      const earned = await earnings(member);
      expect(earned.available).toBe(0);
      expect(earned.items[0]).toMatchObject({ order_id: order.id, status: 'refunded' });
      // Connecting now pays nothing for the refunded order.
      await connect(member);
      await context.app.payouts.run();
      expect((await earnings(member)).paid_out).toBe(0);
      await expectLedgerBalanced(context);
    });

    it('covers a member already paid out from the marketplace, never from the member', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 60],
        [member, 40],
      ]);
      await connect(member);
      const order = await completed(team, 10_000);
      await context.app.payouts.run();
      expect((await earnings(member)).paid_out).toBe(36);
      const feeBefore = await ledgerBalance(context, 'platform_fee');

      const payment = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>().payment!;
      const response = await fx.call('PUT', `/api/payments/${payment.id}/status`, generalAdmin, {
        status: 'refunded',
      });
      expect(response.statusCode, response.body).toBe(200);
      // Fee 10.00 and the admin's 54.00 come back; the member's 36.00 paid out is the marketplace's loss.
      expect(await orderMovements(context, order.id)).toEqual({
        buyer_funds: -10_000,
        escrow: 0,
        refunded: 10_000,
        platform_fee: -3_600,
        [`member_payable:${team.admin.id}`]: 0,
        [`member_payable:${member.id}`]: 0,
        [`paid_out:${member.id}`]: 3_600,
      });
      expect(await ledgerBalance(context, 'platform_fee')).toBe(feeBefore - 1_000 - 3_600);
      const earned = await earnings(member);
      expect(earned).toMatchObject({ available: 0, paid_out: 36 });
      expect(earned.items[0]).toMatchObject({ status: 'paid_out', amount: 36 });
      await expectLedgerBalanced(context);
    });
  });

  describe('earnings and payouts', () => {
    it('keeps the money available until the member connects a payout account, then pays it once', async () => {
      const team = await fx.createTeam({ members: 1 });
      const member = team.members[0]!;
      await setSplit(team, [
        [team.admin, 50],
        [member, 50],
      ]);
      const order = await completed(team, 20_000);
      expect((await fx.call('GET', '/api/user/payout-account', member)).json<PayoutAccount>()).toEqual({
        status: 'none',
      });
      expect(await context.app.payouts.run()).toBeGreaterThanOrEqual(0);
      expect((await earnings(member)).available).toBe(90);

      const onboarding = await connect(member);
      expect(onboarding).toEqual({ status: 'active', onboarding_url: expect.stringContaining('/earnings') });
      expect((await fx.call('GET', '/api/user/payout-account', member)).json<PayoutAccount>()).toEqual({
        status: 'active',
      });
      // A second connect keeps the one account.
      expect((await connect(member)).status).toBe('active');
      const { rows: accounts } = await context.database.pool.query(
        'select * from payout_accounts where user_id = $1',
        [member.id],
      );
      expect(accounts).toHaveLength(1);

      await context.app.payouts.run();
      await context.app.payouts.run();
      const earned = await earnings(member);
      expect(earned).toMatchObject({ pending: 0, available: 0, paid_out: 90 });
      expect(earned.items[0]).toMatchObject({
        order_id: order.id,
        status: 'paid_out',
        amount: 90,
        paid_out_at: expect.any(String),
      });
      const { rows } = await context.database.pool.query<{ idempotency_key: string }>(
        "select idempotency_key from payouts where user_id = $1 and status = 'paid'",
        [member.id],
      );
      expect(rows).toHaveLength(1);
      expect(gateway.state.transferKeys.filter((key) => key === rows[0]!.idempotency_key)).toHaveLength(1);
      expect(await orderMovements(context, order.id)).toMatchObject({
        [`member_payable:${member.id}`]: 0,
        [`paid_out:${member.id}`]: 9_000,
      });
      await expectLedgerBalanced(context);
    });

    it('retries a failed transfer later with backoff and records it once', async () => {
      const team = await fx.createTeam({ members: 0 });
      await connect(team.admin);
      const order = await completed(team, 7_777);
      gateway.state.failNext = 1;
      expect(await context.app.payouts.run()).toBe(0);
      const payoutOf = async () =>
        (
          await context.database.pool.query<{
            status: string;
            attempts: number;
            next_attempt_at: Date;
            last_error: string | null;
          }>('select status, attempts, next_attempt_at, last_error from payouts where order_id = $1', [
            order.id,
          ])
        ).rows;
      const [failed] = await payoutOf();
      expect(failed).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'The gateway is unavailable',
      });
      expect(failed!.next_attempt_at.getTime()).toBeGreaterThan(time.clock().getTime());
      expect((await earnings(team.admin)).available).toBe(70);

      // Not due yet: nothing is attempted.
      await context.app.payouts.run();
      expect((await payoutOf())[0]).toMatchObject({ status: 'pending', attempts: 1 });

      time.advance(2 * 60 * 1000);
      expect(await context.app.payouts.run()).toBe(1);
      expect(await payoutOf()).toEqual([
        expect.objectContaining({ status: 'paid', attempts: 2, last_error: null }),
      ]);
      expect(await earnings(team.admin)).toMatchObject({ available: 0, paid_out: 70 });
      const { rows } = await context.database.pool.query(
        "select id from ledger_transactions where order_id = $1 and kind = 'payout'",
        [order.id],
      );
      expect(rows).toHaveLength(1);
      await expectLedgerBalanced(context);
    });

    it('transfers once when two workers run at the same moment', async () => {
      const team = await fx.createTeam({ members: 2 });
      const [first, second] = team.members as [SignedInUser, SignedInUser];
      await setSplit(team, [
        [team.admin, 20],
        [first, 40],
        [second, 40],
      ]);
      for (const user of [team.admin, first, second]) await connect(user);
      const orders = [await completed(team, 10_000), await completed(team, 20_000)];
      const before = gateway.state.transferKeys.length;
      const paid = await Promise.all([
        context.app.payouts.run(),
        context.app.payouts.run(),
        context.app.payouts.run(),
      ]);
      expect(paid.reduce((sum, count) => sum + count, 0)).toBe(6);
      const keys = gateway.state.transferKeys.slice(before);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
      for (const order of orders) {
        const { rows } = await context.database.pool.query(
          "select id from ledger_transactions where order_id = $1 and kind = 'payout'",
          [order.id],
        );
        expect(rows).toHaveLength(3);
      }
      expect((await earnings(first)).paid_out).toBe(108);
      await expectLedgerBalanced(context);
    });

    it('shows each signed-in user their own earnings only', async () => {
      const nobody = await fx.seller();
      expect(await earnings(nobody)).toEqual({
        currency: 'USD',
        pending: 0,
        available: 0,
        paid_out: 0,
        items: [],
      });
      expect((await fx.call('GET', '/api/user/earnings')).statusCode).toBe(401);
      expect((await fx.call('GET', '/api/user/payout-account')).statusCode).toBe(401);
      expect((await fx.call('POST', '/api/user/payout-account')).statusCode).toBe(401);
    });
  });

  describe('the finance summary', () => {
    it('reports the ledger to general admins, balanced, and refuses everyone else', async () => {
      const team = await fx.createTeam({ members: 0 });
      await bought(team, 1_234);
      const response = await fx.call('GET', '/api/admin/finance', generalAdmin);
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<FinanceSummary>();
      expect(summary).toMatchObject({ currency: 'USD', balanced: true });
      expect(Math.round(summary.escrow * 100)).toBe(await ledgerBalance(context, 'escrow'));
      expect(Math.round(summary.fees * 100)).toBe(await ledgerBalance(context, 'platform_fee'));
      expect(Math.round(summary.payable * 100)).toBe(await ledgerBalance(context, 'member_payable'));
      expect(Math.round(summary.paid_out * 100)).toBe(await ledgerBalance(context, 'paid_out'));
      expect(Math.round(summary.refunded * 100)).toBe(await ledgerBalance(context, 'refunded'));
      expect(summary.recent[0]).toMatchObject({ kind: 'charge', amount: 12.34 });
      expect(summary.recent.length).toBeLessThanOrEqual(20);

      expect((await fx.call('GET', '/api/admin/finance', team.admin)).statusCode).toBe(403);
      expect((await fx.call('GET', '/api/admin/finance', buyer)).statusCode).toBe(403);
      expect((await fx.call('GET', '/api/admin/finance')).statusCode).toBe(401);
      await expectLedgerBalanced(context);
    });

    it('says when escrow does not match the orders held', async () => {
      const team = await fx.createTeam({ members: 0 });
      const order = await bought(team, 1_000);
      // A payment changed behind the ledger's back: escrow no longer matches the orders.
      await context.database.pool.query('update payments set amount_cents = 999 where order_id = $1', [
        order.id,
      ]);
      const summary = (await fx.call('GET', '/api/admin/finance', generalAdmin)).json<FinanceSummary>();
      expect(summary.balanced).toBe(false);
      await context.database.pool.query('update payments set amount_cents = 1000 where order_id = $1', [
        order.id,
      ]);
      expect((await fx.call('GET', '/api/admin/finance', generalAdmin)).json<FinanceSummary>().balanced).toBe(
        true,
      );
    });
  });
});

describe('the payout job', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({ JOBS_ENABLED: 'true' });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('runs through pg-boss and pays a member whose account is active', async () => {
    const fx = orderFixtures(context);
    const buyer = await fx.buyer();
    const team = await fx.createTeam({ members: 0 });
    const order = await fx.purchase(buyer, await fx.createPackage({ team, priceCents: 2_000 }));
    await fx.advance(order, team, 'completed', buyer);
    expect((await fx.call('POST', '/api/user/payout-account', team.admin)).statusCode).toBe(200);
    const jobs = await context.app.jobs;
    expect(await jobs!.send('payments.payouts')).toEqual(expect.any(String));
    await until(
      async () => (await fx.call('GET', '/api/user/earnings', team.admin)).json<Earnings>().paid_out === 18,
      'the worker pays the share out',
      15_000,
    );
    await expectLedgerBalanced(context);
  });
});
