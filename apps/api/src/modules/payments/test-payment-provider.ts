import { randomBytes } from 'node:crypto';
import {
  EMAIL_PATTERN,
  ORDER_TEXTS,
  TEST_CARDS,
  cardBrandOf,
  isCardExpired,
  passesLuhn,
} from '@teamhire/shared';
import type { ChargeResult, PaymentProvider } from './payment-provider';

const transactionId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Behaves like a real gateway's test mode, so the whole purchase can be tried without real money. Every card that passes the Luhn check and
 * has not expired is charged, except the two documented failure cards.
 */
export function createTestPaymentProvider(): PaymentProvider {
  /** Transfers by idempotency key, as a gateway remembers them: a retried key returns the first transfer. */
  const transfers = new Map<string, string>();
  return {
    name: 'test',
    async charge(request): Promise<ChargeResult> {
      if (request.method === 'paypal') {
        if (!EMAIL_PATTERN.test(request.paypalEmail)) {
          return { outcome: 'invalid', field: 'paypal_email', message: ORDER_TEXTS.paypalEmailInvalid };
        }
        return {
          outcome: 'succeeded',
          transactionId: transactionId('test_pp'),
          cardBrand: null,
          cardLastFour: null,
        };
      }
      const { card } = request;
      if (!/^\d{12,19}$/.test(card.number) || !passesLuhn(card.number)) {
        return { outcome: 'invalid', field: 'card.card_number', message: ORDER_TEXTS.cardNumberInvalid };
      }
      if (isCardExpired(card.expiryMonth, card.expiryYear)) {
        return { outcome: 'invalid', field: 'card.expiry_year', message: ORDER_TEXTS.cardExpired };
      }
      const cardBrand = cardBrandOf(card.number);
      const cardLastFour = card.number.slice(-4);
      if (card.number === TEST_CARDS.declined) {
        return {
          outcome: 'declined',
          transactionId: transactionId('test_ch'),
          message: ORDER_TEXTS.cardDeclined,
          cardBrand,
          cardLastFour,
        };
      }
      if (card.number === TEST_CARDS.insufficientFunds) {
        return {
          outcome: 'declined',
          transactionId: transactionId('test_ch'),
          message: ORDER_TEXTS.insufficientFunds,
          cardBrand,
          cardLastFour,
        };
      }
      return { outcome: 'succeeded', transactionId: transactionId('test_ch'), cardBrand, cardLastFour };
    },
    async refund() {
      return { refundId: transactionId('test_re') };
    },
    // Test mode: onboarding completes at once, so the account is active as soon as it exists.
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
