import { randomBytes } from 'node:crypto';
import {
  BILLING_TEXTS,
  EMAIL_PATTERN,
  ORDER_TEXTS,
  TEST_CARDS,
  cardBrandOf,
  isCardExpired,
  passesLuhn,
  type CardBrand,
} from '@teamhire/shared';
import type { ChargeRequest, ChargeResult, FoundCharge, PaymentProvider } from './payment-provider';

const transactionId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The documented failure cards by their last four digits, so a saved card ending so declines like the card. */
const DECLINES_BY_LAST_FOUR = new Map<string, string>([
  [TEST_CARDS.declined.slice(-4), ORDER_TEXTS.cardDeclined],
  [TEST_CARDS.insufficientFunds.slice(-4), ORDER_TEXTS.insufficientFunds],
]);

function settle(
  cardBrand: CardBrand | null,
  cardLastFour: string | null,
  declineMessage?: string,
): FoundCharge {
  return declineMessage
    ? {
        outcome: 'declined',
        transactionId: transactionId('test_ch'),
        message: declineMessage,
        cardBrand,
        cardLastFour,
      }
    : { outcome: 'succeeded', transactionId: transactionId('test_ch'), cardBrand, cardLastFour };
}

/** The 3-D Secure card: its charge waits for the holder's authentication, as Stripe's test card does. */
const AUTHENTICATION_LAST_FOUR = TEST_CARDS.requiresAuthentication.slice(-4);

function awaitAuthentication(cardBrand: CardBrand | null, cardLastFour: string | null): ChargeResult {
  const intent = transactionId('test_pi');
  return {
    outcome: 'requires_action',
    transactionId: intent,
    clientSecret: `${intent}_secret_${randomBytes(8).toString('hex')}`,
    cardBrand,
    cardLastFour,
  };
}

function decide(request: ChargeRequest): ChargeResult {
  switch (request.method) {
    case 'paypal':
      if (!EMAIL_PATTERN.test(request.paypalEmail)) {
        return { outcome: 'invalid', field: 'paypal_email', message: ORDER_TEXTS.paypalEmailInvalid };
      }
      return { ...settle(null, null), transactionId: transactionId('test_pp') };
    case 'card_token':
      // Tokens come from Stripe's card element, which only runs with the Stripe provider.
      return { outcome: 'invalid', field: 'card_token', message: 'Card tokens need the Stripe provider' };
    case 'saved_card': {
      const { brand, lastFour } = request.savedCard;
      if (lastFour === AUTHENTICATION_LAST_FOUR) return awaitAuthentication(brand, lastFour);
      return settle(brand, lastFour, lastFour ? DECLINES_BY_LAST_FOUR.get(lastFour) : undefined);
    }
    case 'credit_card': {
      const { card } = request;
      if (!/^\d{12,19}$/.test(card.number) || !passesLuhn(card.number)) {
        return { outcome: 'invalid', field: 'card.card_number', message: ORDER_TEXTS.cardNumberInvalid };
      }
      if (isCardExpired(card.expiryMonth, card.expiryYear)) {
        return { outcome: 'invalid', field: 'card.expiry_year', message: ORDER_TEXTS.cardExpired };
      }
      if (card.number === TEST_CARDS.requiresAuthentication) {
        return awaitAuthentication(cardBrandOf(card.number), card.number.slice(-4));
      }
      const decline =
        card.number === TEST_CARDS.declined || card.number === TEST_CARDS.insufficientFunds
          ? DECLINES_BY_LAST_FOUR.get(card.number.slice(-4))
          : undefined;
      return settle(cardBrandOf(card.number), card.number.slice(-4), decline);
    }
  }
}

/** The test gateway, with what stands in for the card holder's bank in tests. */
export interface TestPaymentProvider extends PaymentProvider {
  /**
   * The holder completes (or fails) the authentication of the charge with this provider id, as
   * their bank's page would; the reconciliation job then learns the outcome by the charge's key.
   */
  completeAuthentication(transactionId: string, succeeded: boolean): boolean;
}

/**
 * Behaves like a real gateway's test mode, so the whole purchase can be tried without real money. Every card that passes the Luhn check and
 * has not expired is charged, except the two documented failure cards. Like a gateway it remembers
 * every idempotency key (for the life of the process): a repeated or concurrent call with one key
 * gets the first call's answer and charges nothing more.
 */
export function createTestPaymentProvider(): TestPaymentProvider {
  const charges = new Map<string, ChargeResult>();
  /** Transfers by idempotency key, as a gateway remembers them: a retried key returns the first transfer. */
  const transfers = new Map<string, string>();
  const refunds = new Map<string, string>();
  return {
    name: 'test',
    async charge(request): Promise<ChargeResult> {
      const earlier = charges.get(request.idempotencyKey);
      if (earlier) return earlier;
      const result = decide(request);
      // Refused details were never a charge: the same key may come back with details that work.
      if (result.outcome !== 'invalid') charges.set(request.idempotencyKey, result);
      return result;
    },
    completeAuthentication(intentId, succeeded) {
      for (const [key, charge] of charges) {
        if (charge.outcome !== 'requires_action' || charge.transactionId !== intentId) continue;
        const { cardBrand, cardLastFour } = charge;
        charges.set(
          key,
          succeeded
            ? { outcome: 'succeeded', transactionId: intentId, cardBrand, cardLastFour }
            : {
                outcome: 'declined',
                transactionId: intentId,
                message: ORDER_TEXTS.authenticationNotCompleted,
                cardBrand,
                cardLastFour,
              },
        );
        return true;
      }
      return false;
    },
    async findCharge(idempotencyKey) {
      const found = charges.get(idempotencyKey);
      return found && found.outcome !== 'invalid' ? found : null;
    },
    async refund(_transactionId, _amountCents, idempotencyKey) {
      const earlier = idempotencyKey ? refunds.get(idempotencyKey) : undefined;
      if (earlier) return { refundId: earlier };
      const refundId = transactionId('test_re');
      if (idempotencyKey) refunds.set(idempotencyKey, refundId);
      return { refundId };
    },
    // Test mode: onboarding completes at once, so the account is active as soon as it exists.
    async createCustomer(request) {
      return { customerId: `test_cus_${request.userId}` };
    },

    // Cards are typed into our own form in test mode; a card element's method exists only at Stripe.
    async attachCard() {
      return { outcome: 'invalid', message: BILLING_TEXTS.providerMethodNotAvailable };
    },

    async createPayoutAccount(request) {
      return { accountId: transactionId('test_acct'), status: 'active', onboardingUrl: request.returnUrl };
    },
    async payoutAccountStatus() {
      return 'active';
    },
    async transfer(request) {
      const earlier = transfers.get(request.idempotencyKey);
      if (earlier) return { transferId: earlier };
      const transferId = transactionId('test_tr');
      transfers.set(request.idempotencyKey, transferId);
      return { transferId };
    },
  };
}
