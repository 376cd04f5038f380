import { ORDER_TEXTS, type Order } from '@teamhire/shared';
import { STRIPE_CARD_LOAD_FAILED } from '../../components/payments/stripe-card-field';
import { getOrder } from '../../lib/queries/get-order';

/**
 * The card asked its holder to authenticate (3-D Secure): Stripe.js shows the bank's challenge and
 * resolves once the holder is done. It says nothing final about the money: the server learns the
 * outcome from Stripe (webhook or reconciliation), so the page then reads the order again.
 */
export async function completeCardAuthentication(
  publishableKey: string,
  clientSecret: string,
): Promise<void> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error(STRIPE_CARD_LOAD_FAILED);
  const { error } = await stripe.handleNextAction({ clientSecret });
  if (error) throw new Error(error.message ?? ORDER_TEXTS.authenticationNotCompleted);
}

const SETTLE_POLL_MS = 1500;
const SETTLE_POLL_ATTEMPTS = 40;

/**
 * Reads the order until its payment is no longer pending (Stripe's webhook usually arrives within
 * seconds); answers the last order read, which may still be pending after about a minute.
 */
export async function waitForSettledPayment(
  orderId: number,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Order> {
  let order = await getOrder(orderId);
  for (let attempt = 1; attempt < SETTLE_POLL_ATTEMPTS && order.payment?.status === 'pending'; attempt += 1) {
    await wait(SETTLE_POLL_MS);
    order = await getOrder(orderId);
  }
  return order;
}
