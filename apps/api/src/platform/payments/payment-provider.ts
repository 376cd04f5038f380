import type { CardBrand, PayoutAccountStatus } from '@teamhire/shared';
import type { Config } from '../config';
import { createStripePaymentProvider } from './stripe-payment-provider';
import { createTestPaymentProvider } from './test-payment-provider';

/** What the order code asks a gateway to do; card details live only for the length of the call, never stored. */
export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** Shown on the buyer's statement, e.g. "TeamHire order 42". */
  description: string;
  /** The order the money is for: the provider groups the charge and the transfers to the team under it. */
  orderId: number;
  /**
   * Chosen before the call and stored with the pending payment: the provider never charges one key
   * twice, so a retry, a concurrent repeat or a reconciliation can call again or ask by it.
   */
  idempotencyKey: string;
} & (
  | {
      method: 'credit_card';
      card: { number: string; expiryMonth: number; expiryYear: number; cvv: string; holderName: string };
    }
  /** A card the provider's own card element tokenised in the browser (a Stripe payment method id). */
  | { method: 'card_token'; token: string }
  /** One of the buyer's saved cards; the provider charges it by its own ids where it keeps them. */
  | {
      method: 'saved_card';
      savedCard: {
        brand: CardBrand | null;
        lastFour: string | null;
        providerMethodId: string | null;
        customerId: string | null;
      };
    }
  | { method: 'paypal'; paypalEmail: string }
);

export type ChargeResult =
  | { outcome: 'succeeded'; transactionId: string; cardBrand: CardBrand | null; cardLastFour: string | null }
  /** The gateway refused the money (HTTP 402): the order stays pending with a failed payment. */
  | {
      outcome: 'declined';
      transactionId: string | null;
      message: string;
      cardBrand: CardBrand | null;
      cardLastFour: string | null;
    }
  /**
   * The card asks its holder to authenticate (3-D Secure): nothing is charged or declined yet. The
   * buyer's browser completes it with `clientSecret`; the webhook or the reconciliation job then
   * learns the outcome under the same key.
   */
  | {
      outcome: 'requires_action';
      transactionId: string;
      clientSecret: string;
      cardBrand: CardBrand | null;
      cardLastFour: string | null;
    }
  /** The details cannot be charged at all (a bad number, an expired card): a 422 and nothing kept. */
  | { outcome: 'invalid'; field: string; message: string };

/** What the provider knows of a charge asked for under a key; `invalid` charges were never made. */
export type FoundCharge = Exclude<ChargeResult, { outcome: 'invalid' }>;

/**
 * The payment code talks only to this interface, so a real gateway is one more
 * implementation chosen by PAYMENT_PROVIDER, without touching orders.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of the charge made under `idempotencyKey`, or null when the provider never saw it:
   * how a crash between the call and its record is reconciled.
   */
  findCharge(idempotencyKey: string): Promise<FoundCharge | null>;
  /** `idempotencyKey`, when given, makes a retried refund return the first one instead of refunding again. */
  refund(transactionId: string, amountCents: number, idempotencyKey?: string): Promise<{ refundId: string }>;
  /**
   * Creates the buyer as the provider's customer, who owns their saved cards there (the same
   * user id never makes two customers).
   */
  createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }>;
  /**
   * Attaches a card the provider's card element made in the browser to the customer and tells what
   * card it is; `invalid` when the provider knows no such method or takes none.
   */
  attachCard(customerId: string, providerMethodId: string): Promise<AttachedCard>;
  /** Opens a connected payout account for a member; the member finishes onboarding at the URL. */
  createPayoutAccount(request: PayoutAccountRequest): Promise<PayoutAccountResult>;
  /** Where a connected account stands now (onboarding may finish on the provider's site). */
  payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus>;
  /**
   * Moves money from the marketplace's balance to a connected account. The same idempotency key
   * never transfers twice, so a retry after a crash or a timeout is safe.
   */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
}

type AttachedCard =
  | {
      outcome: 'attached';
      providerMethodId: string;
      brand: CardBrand;
      lastFour: string;
      expiryMonth: number;
      expiryYear: number;
    }
  | { outcome: 'invalid'; message: string };

export interface PayoutAccountRequest {
  userId: number;
  email: string;
  /** Where the provider sends the member back after onboarding. */
  returnUrl: string;
}

export interface PayoutAccountResult {
  accountId: string;
  status: PayoutAccountStatus;
  onboardingUrl: string;
}

export interface TransferRequest {
  accountId: string;
  amountCents: number;
  currency: string;
  /** The order the money comes from, so the provider groups its charge and its transfers. */
  transferGroup: string;
  idempotencyKey: string;
}

export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'stripe'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return createTestPaymentProvider();
    case 'stripe':
      return createStripePaymentProvider(config.stripe!);
  }
}
