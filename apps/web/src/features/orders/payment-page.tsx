import { ORDER_TEXTS, type SavedPaymentMethod, type ServicePackage } from '@teamhire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LoaderCircle, PackageX, UsersRound } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { ApiError, NetworkError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { createOrder, storeCreatedOrder } from './api/create-order';
import { completeCardAuthentication, waitForSettledPayment } from './complete-card-authentication';
import { usePackage } from '../../lib/queries/get-package';
import { offerQueryKeys } from '../../lib/queries/get-offer';
import { orderQueryKeys } from '../../lib/queries/order-query-keys';
import { usePaymentConfig } from '../../lib/payment-config';
import { useSavedCards } from './api/get-saved-cards';
import { CARD_ELEMENT_TOKEN, PaymentForm, type OrderPayload, type Purchase } from './components/payment-form';
import {
  STRIPE_CARD_LOAD_FAILED,
  StripeCardField,
  type StripeCardHandle,
} from '../../components/payments/stripe-card-field';

/** Answers that settle a purchase attempt: the next submit is a new attempt with a new key. */
function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * 402 carries the provider's words ('Your card was declined.'); a refusal with a reason (own team,
 * package withdrawn, price changed) says it; anything else (network, 5xx) is the generic text.
 */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return ORDER_TEXTS.paymentFailed;
  // Stripe's card element refused the card before anything was sent: its own words.
  if (!(error instanceof ApiError) && error instanceof Error && error.message) return error.message;
  if (error instanceof ApiError && error.detail && isFinalAnswer(error) && error.status !== 422) {
    return error.detail;
  }
  return ORDER_TEXTS.paymentFailed;
}

export function PackageNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PackageX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{ORDER_TEXTS.packageNotFound}</h2>
      <p className="mt-1 text-sm text-slate-600">This package does not exist or is no longer offered.</p>
      <Link to="/dashboard" className={buttonClassName('primary', 'md', 'mt-6')}>
        Back to Dashboard
      </Link>
    </div>
  );
}

function PackageDetails({ servicePackage }: { servicePackage: ServicePackage }) {
  return (
    <section
      aria-labelledby="package-details-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="text-sm font-medium text-indigo-700">Package Details</p>
      <h2 id="package-details-title" className="mt-1 text-xl font-semibold text-slate-900">
        {servicePackage.title}
      </h2>
      <p className="mt-2 line-clamp-4 text-sm text-slate-700">{servicePackage.description}</p>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <UsersRound aria-hidden="true" className="size-4 text-slate-500" />
          <dt className="sr-only">Team</dt>
          <dd>{servicePackage.team.name}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 text-slate-500" />
          <dt className="sr-only">Delivery</dt>
          <dd>{`${servicePackage.duration_days} ${servicePackage.duration_days === 1 ? 'day' : 'days'} delivery`}</dd>
        </div>
        <div>
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-slate-900">{`${formatMoney(servicePackage.price)} one-time`}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The purchase once the page knows how cards are taken (the provider) and which cards are saved;
 * saved cards that cannot load only mean none are offered.
 */
export interface CheckoutProps {
  purchase: Purchase;
  /** What is bought, above the form. */
  details: ReactNode;
  /** Why it cannot be bought now (withdrawn package, offer no longer pending); null when it can. */
  refusal: string | null;
}

export function Checkout({ purchase, details, refusal }: CheckoutProps) {
  const config = usePaymentConfig();
  const savedCards = useSavedCards();
  if (config.isPending || savedCards.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading payment options...
      </p>
    );
  }
  if (config.isError) {
    return <ErrorWithRetry message={config.error.message} onRetry={() => void config.refetch()} />;
  }
  return (
    <CheckoutForm
      purchase={purchase}
      details={details}
      refusal={refusal}
      savedCards={savedCards.data ?? []}
      publishableKey={config.data.provider === 'stripe' ? config.data.publishable_key : null}
    />
  );
}

function CheckoutForm({
  purchase,
  details,
  refusal,
  savedCards,
  publishableKey,
}: CheckoutProps & {
  savedCards: readonly SavedPaymentMethod[];
  /** Set with Stripe: the card is typed into its card element. */
  publishableKey: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  // One key per purchase attempt: a double click or a retry after a lost answer reuses it, so the
  // server answers the repeat with the first result instead of charging again.
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  const cardElement = useRef<StripeCardHandle | null>(null);

  const startNewAttempt = useCallback(() => {
    if (!inFlight.current) idempotencyKey.current = null;
  }, []);

  const pay = async (order: OrderPayload) => {
    if (inFlight.current) return;
    inFlight.current = true;
    idempotencyKey.current ??= crypto.randomUUID();
    setPaying(true);
    setFailure(null);
    try {
      // The card element's card becomes a Stripe payment method only now, when the buyer pays.
      let payload = order;
      if (order.card_token === CARD_ELEMENT_TOKEN) {
        if (!cardElement.current) throw new Error(STRIPE_CARD_LOAD_FAILED);
        payload = { ...order, card_token: await cardElement.current.tokenize() };
      }
      let created = await createOrder(payload, idempotencyKey.current);
      idempotencyKey.current = null;
      if (created.payment_action) {
        // 3-D Secure: the order waits for the card holder. Only Stripe.js can show the bank's challenge.
        if (!publishableKey) throw new Error(ORDER_TEXTS.authenticationUnavailable);
        setAuthenticating(true);
        await completeCardAuthentication(publishableKey, created.payment_action.client_secret);
        created = await waitForSettledPayment(created.id);
        if (created.payment?.status === 'failed') {
          throw new Error(created.payment.failure_message ?? ORDER_TEXTS.cardDeclined);
        }
      }
      await queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
      // A paid offer is accepted now: its card must not show it pending from the cache.
      if ('offer_id' in purchase.target) void queryClient.invalidateQueries({ queryKey: offerQueryKeys.all });
      // After the invalidation, which would otherwise mark the new order's details stale at once.
      storeCreatedOrder(queryClient, created);
      // Still waiting for the bank after a minute: the order's page shows where it stands.
      await navigate(
        created.payment?.status === 'pending' ? `/orders/${created.id}` : `/order-confirmation/${created.id}`,
      );
    } catch (error) {
      if (isFinalAnswer(error)) idempotencyKey.current = null;
      setFailure(paymentFailureMessage(error));
      // The message sits above the form; bring it into view for the sighted, the alert role speaks it.
      requestAnimationFrame(() => failureRef.current?.scrollIntoView({ block: 'center' }));
    } finally {
      inFlight.current = false;
      setPaying(false);
      setAuthenticating(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {details}
      {refusal ? (
        <Alert variant="error">{refusal}</Alert>
      ) : (
        <>
          {authenticating ? (
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              {ORDER_TEXTS.authenticationPending}
            </p>
          ) : null}
          {failure ? (
            <div ref={failureRef}>
              <Alert variant="error">{failure}</Alert>
            </div>
          ) : null}
          <PaymentForm
            purchase={purchase}
            paying={paying}
            onPay={(order) => void pay(order)}
            onCancel={() => void navigate(-1)}
            onEdited={startNewAttempt}
            savedCards={savedCards}
            cardElement={
              publishableKey ? (
                <StripeCardField publishableKey={publishableKey} handle={cardElement} />
              ) : undefined
            }
          />
        </>
      )}
    </div>
  );
}

function PackageCheckout({ servicePackage }: { servicePackage: ServicePackage }) {
  const purchase = useMemo<Purchase>(
    () => ({
      target: { service_package_id: servicePackage.id },
      title: servicePackage.title,
      price: servicePackage.price,
    }),
    [servicePackage],
  );
  return (
    <Checkout
      purchase={purchase}
      details={<PackageDetails servicePackage={servicePackage} />}
      refusal={servicePackage.status === 'published' ? null : ORDER_TEXTS.packageNotPurchasable}
    />
  );
}

/** The real purchase of a package through POST /api/orders: the server charges, nothing is simulated here. */
export function PaymentPage() {
  const packageId = Number(useParams().packageId);
  const servicePackage = usePackage(packageId);
  const missing =
    !Number.isInteger(packageId) ||
    packageId <= 0 ||
    (servicePackage.error instanceof ApiError && servicePackage.error.status === 404);

  return (
    <PageShell title="Complete Your Purchase" description="Pay securely to start working with the team.">
      {missing ? (
        <PackageNotFound />
      ) : servicePackage.isPending ? (
        <LoadingStatus text="Loading package details..." />
      ) : servicePackage.isError ? (
        <ErrorWithRetry
          message={servicePackage.error.message}
          onRetry={() => void servicePackage.refetch()}
        />
      ) : (
        <PackageCheckout servicePackage={servicePackage.data} />
      )}
    </PageShell>
  );
}
