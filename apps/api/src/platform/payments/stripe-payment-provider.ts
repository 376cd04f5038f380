import Stripe from 'stripe';
import { CARD_BRANDS, ORDER_TEXTS, type CardBrand, type PayoutAccountStatus } from '@teamhire/shared';
import type { StripeConfig } from '../config';
import type { ChargeRequest, ChargeResult, FoundCharge, PaymentProvider } from './payment-provider';

/** Where the SDK sends its requests; tests point it at a local fake Stripe, production leaves it unset. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The metadata key under which a PaymentIntent carries our charge key, so the charge can be found by it. */
export const CHARGE_KEY_METADATA = 'charge_key';
export const transferGroupOf = (orderId: number) => `order_${orderId}`;

/** A provider call may take this long; the reconciliation job waits far longer before it asks. */
const REQUEST_TIMEOUT_MS = 30_000;

const brandOf = (brand: string | null | undefined): CardBrand | null =>
  brand ? ((CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown') : null;

function cardOf(intent: Stripe.PaymentIntent): { cardBrand: CardBrand | null; cardLastFour: string | null } {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { cardBrand: brandOf(card?.brand), cardLastFour: card?.last4 ?? null };
}

/** A decline message the buyer reads: our own texts for the test cards' reasons, Stripe's otherwise. */
function declineMessage(error: { code?: string; decline_code?: string; message: string }) {
  if (error.decline_code === 'insufficient_funds') return ORDER_TEXTS.insufficientFunds;
  if (error.code === 'card_declined') return ORDER_TEXTS.cardDeclined;
  return error.message;
}

/**
 * What a PaymentIntent means for the order; one still processing is not an outcome yet, one that
 * requires the holder's authentication waits for it.
 */
export function stripeChargeOutcome(intent: Stripe.PaymentIntent): FoundCharge | null {
  const card = cardOf(intent);
  if (intent.status === 'succeeded') return { outcome: 'succeeded', transactionId: intent.id, ...card };
  if (intent.status === 'processing') return null;
  // 3-D Secure: not a decline; the buyer's browser completes it with the client secret.
  if (intent.status === 'requires_action' && intent.client_secret) {
    return {
      outcome: 'requires_action',
      transactionId: intent.id,
      clientSecret: intent.client_secret,
      ...card,
    };
  }
  const message = intent.last_payment_error
    ? declineMessage({
        code: intent.last_payment_error.code,
        decline_code: intent.last_payment_error.decline_code,
        message: intent.last_payment_error.message ?? ORDER_TEXTS.cardDeclined,
      })
    : ORDER_TEXTS.cardDeclined;
  return { outcome: 'declined', transactionId: intent.id, message, ...card };
}

/** Where the card comes from: Stripe's card element in the browser, or a saved payment method of the customer. */
function paymentMethodOf(
  request: ChargeRequest,
): { payment_method: string; customer?: string } | { field: string; message: string } {
  switch (request.method) {
    case 'card_token':
      return { payment_method: request.token };
    case 'saved_card':
      if (!request.savedCard.providerMethodId || !request.savedCard.customerId) {
        return { field: 'saved_payment_method_id', message: 'This saved card is not kept at Stripe' };
      }
      return { payment_method: request.savedCard.providerMethodId, customer: request.savedCard.customerId };
    case 'credit_card':
      // Card numbers never reach our server with Stripe: the card element sends a token instead.
      return { field: 'card', message: 'Enter the card in the card form' };
    case 'paypal':
      return { field: 'payment_method', message: 'PayPal is not available with this payment provider' };
  }
}

/**
 * Stripe through its official SDK: PaymentIntents confirmed at once with a card from the card
 * element or a saved payment method; separate charges and transfers, grouped by the order; Express
 * connected accounts onboarded through account links. Every call that changes something carries an
 * idempotency key, so a retry never repeats it.
 */
export function createStripePaymentProvider(
  config: Pick<StripeConfig, 'secretKey'>,
  endpoint?: StripeEndpoint,
): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    appInfo: { name: 'TeamHire' },
    ...(endpoint ?? {}),
  });

  return {
    name: 'stripe',

    async charge(request): Promise<ChargeResult> {
      const method = paymentMethodOf(request);
      if ('field' in method) return { outcome: 'invalid', ...method };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            description: request.description,
            ...method,
            allowed_payment_method_types: ['card'],
            confirm: true,
            ...(method.customer ? { off_session: true } : {}),
            transfer_group: transferGroupOf(request.orderId),
            metadata: { [CHARGE_KEY_METADATA]: request.idempotencyKey, order_id: String(request.orderId) },
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const outcome = stripeChargeOutcome(intent);
        // Cards settle at once; a charge still processing is left pending for the webhook.
        if (!outcome) throw new Error('The charge is still processing');
        return outcome;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          return {
            outcome: 'declined',
            transactionId: intent?.id ?? null,
            message: declineMessage(error),
            ...(intent ? cardOf(intent) : { cardBrand: null, cardLastFour: null }),
          };
        }
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param?.startsWith('payment_method')
        ) {
          return {
            outcome: 'invalid',
            field: request.method === 'saved_card' ? 'saved_payment_method_id' : 'card_token',
            message: error.message,
          };
        }
        throw error;
      }
    },

    async findCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({
        query: `metadata['${CHARGE_KEY_METADATA}']:'${idempotencyKey}'`,
        expand: ['data.latest_charge'],
      });
      const intent = found.data[0];
      return intent ? stripeChargeOutcome(intent) : null;
    },

    async refund(transactionId, amountCents, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: transactionId, amount: amountCents },
        idempotencyKey ? { idempotencyKey } : undefined,
      );
      return { refundId: refund.id };
    },

    async createCustomer(request) {
      const customer = await stripe.customers.create(
        { email: request.email, metadata: { user_id: String(request.userId) } },
        { idempotencyKey: `customer_${request.userId}` },
      );
      return { customerId: customer.id };
    },

    async attachCard(customerId, providerMethodId) {
      try {
        const method = await stripe.paymentMethods.attach(providerMethodId, { customer: customerId });
        if (!method.card) return { outcome: 'invalid', message: 'This payment method is not a card' };
        return {
          outcome: 'attached',
          providerMethodId: method.id,
          brand: brandOf(method.card.brand) ?? 'unknown',
          lastFour: method.card.last4,
          expiryMonth: method.card.exp_month,
          expiryYear: method.card.exp_year,
        };
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          return { outcome: 'invalid', message: error.message };
        }
        throw error;
      }
    },

    async createPayoutAccount(request) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email: request.email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: String(request.userId) },
        },
        { idempotencyKey: `payout_account_${request.userId}` },
      );
      const link = await stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: request.returnUrl,
        return_url: request.returnUrl,
      });
      return { accountId: account.id, status: stripeAccountStatus(account), onboardingUrl: link.url };
    },

    async payoutAccountStatus(accountId) {
      return stripeAccountStatus(await stripe.accounts.retrieve(accountId));
    },

    async transfer(request) {
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          destination: request.accountId,
          transfer_group: request.transferGroup,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
  };
}

/** An Express account can receive money once Stripe enabled payouts; until then onboarding is unfinished. */
export function stripeAccountStatus(account: Stripe.Account): PayoutAccountStatus {
  return account.payouts_enabled ? 'active' : 'pending';
}
