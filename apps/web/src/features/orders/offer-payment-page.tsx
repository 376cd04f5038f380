import { OFFER_NOT_PENDING_TEXTS, OFFER_TEXTS, type Offer } from '@teamhire/shared';
import { Clock, FileSignature, RotateCcw, UsersRound } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useOffer } from '../../lib/queries/get-offer';
import type { Purchase } from './components/payment-form';
import { Checkout } from './payment-page';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The offer's terms where the package would be, with the way back to its conversation. */
function OfferDetails({ offer }: { offer: Offer }) {
  return (
    <section
      aria-labelledby="offer-details-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="flex items-center gap-1.5 text-sm font-medium text-indigo-700">
        <FileSignature aria-hidden="true" className="size-4" />
        {OFFER_TEXTS.customOffer}
      </p>
      <h2 id="offer-details-title" className="mt-1 text-xl font-semibold break-words text-slate-900">
        {offer.title}
      </h2>
      <p className="mt-2 line-clamp-6 text-sm break-words whitespace-pre-wrap text-slate-700">
        {offer.description}
      </p>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <UsersRound aria-hidden="true" className="size-4 text-slate-500" />
          <dt className="sr-only">Team</dt>
          <dd>{offer.team_name}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 text-slate-500" />
          <dt className="sr-only">Delivery</dt>
          <dd>{`${plural(offer.duration_days, 'day', 'days')} delivery`}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <RotateCcw aria-hidden="true" className="size-4 text-slate-500" />
          <dt className="sr-only">Revisions</dt>
          <dd>{plural(offer.revisions, 'revision', 'revisions')}</dd>
        </div>
        <div>
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-slate-900">{`${formatMoney(offer.price)} one-time`}</dd>
        </div>
      </dl>
      <Link
        to={`/team-chat/${offer.chat_room_id}`}
        className="mt-4 inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
      >
        Back to the conversation
      </Link>
    </section>
  );
}

function OfferCheckout({ offer }: { offer: Offer }) {
  const purchase = useMemo<Purchase>(
    () => ({ target: { offer_id: offer.id }, title: offer.title, price: offer.price }),
    [offer],
  );
  // An offer whose time ran out before the expiry job is refused by the server with its own text.
  const refusal = offer.state === 'pending' ? null : OFFER_NOT_PENDING_TEXTS[offer.state];
  return <Checkout purchase={purchase} details={<OfferDetails offer={offer} />} refusal={refusal} />;
}

function OfferNotFound() {
  return (
    <EmptyState
      icon={FileSignature}
      titleAs="h2"
      title={OFFER_TEXTS.notFound}
      text="This offer does not exist or was not sent to you."
    >
      <Link to="/messages" className={buttonClassName('primary', 'md', 'mt-6')}>
        Go to Messages
      </Link>
    </EmptyState>
  );
}

/**
 * `/payment/offer/{offerId}`: the buyer pays for a custom offer from their conversation with a team,
 * with the same form and the same POST /api/orders as a package (`offer_id` instead of the package).
 */
export function OfferPaymentPage() {
  const offerId = Number(useParams().offerId);
  const offer = useOffer(offerId);
  const missing =
    !Number.isInteger(offerId) ||
    offerId <= 0 ||
    (offer.error instanceof ApiError && [403, 404].includes(offer.error.status));

  return (
    <PageShell title="Complete Your Purchase" description="Pay securely to start working with the team.">
      {missing ? (
        <OfferNotFound />
      ) : offer.isPending ? (
        <LoadingStatus text="Loading offer details..." />
      ) : offer.isError ? (
        <ErrorWithRetry message={offer.error.message} onRetry={() => void offer.refetch()} />
      ) : (
        <OfferCheckout offer={offer.data} />
      )}
    </PageShell>
  );
}
