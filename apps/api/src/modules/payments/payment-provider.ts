import type { CardBrand, PayoutAccountStatus } from '@teamhire/shared';
import type { Config } from '../../config';
import { createTestPaymentProvider } from './test-payment-provider';

/** What the order code asks a gateway to do; card details live only for the length of the call, never stored. */
export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** Shown on the buyer's statement, e.g. "TeamHire order 42". */
  description: string;
} & (
  | {
      method: 'credit_card';
      card: { number: string; expiryMonth: number; expiryYear: number; cvv: string; holderName: string };
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
  /** The details cannot be charged at all (a bad number, an expired card): a 422 and nothing written. */
  | { outcome: 'invalid'; field: string; message: string };

/**
 * The payment code talks only to this interface, so a real gateway is one more
 * implementation chosen by PAYMENT_PROVIDER, without touching orders.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(transactionId: string, amountCents: number): Promise<{ refundId: string }>;
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

export function createPaymentProvider(config: Pick<Config, 'paymentProvider'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return createTestPaymentProvider();
  }
}
