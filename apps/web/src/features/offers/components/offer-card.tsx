import { OFFER_TEXTS, type ChatRole, type Offer, type OfferState } from '@teamhire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CreditCard, FileSignature, RotateCcw, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';
import { OFFER_STATE_BADGES, StatusBadge } from '../../../components/ui/status-badge';
import { useToast } from '../../../components/ui/toast-context';
import { formatMoney } from '../../../lib/format';
import { GUEST_UPGRADE_PATH } from '../../../lib/guest-session';
import { offerQueryKeys, offerQueryOptions } from '../../../lib/queries/get-offer';
import { failureDetail } from '../../../lib/use-server-form';
import { useDeclineOffer } from '../api/decline-offer';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { formatExpiry, useNow } from '../offer-countdown';
import { sendsOffers } from './offer-button';

export const OFFER_CARD_TEXTS = {
  acceptAndPay: 'Accept and pay',
  guestAccept: 'Accept',
  decline: 'Decline',
  withdraw: 'Withdraw',
  viewOrder: 'View order',
  declineTitle: 'Decline Offer',
  withdrawTitle: 'Withdraw Offer',
  declineFailed: 'Failed to decline the offer. Please try again.',
  withdrawFailed: 'Failed to withdraw the offer. Please try again.',
} as const;

export function offerPaymentPath(offerId: number): string {
  return `/payment/offer/${offerId}`;
}

/**
 * The state to show: a pending offer whose time is over is expired for everyone, even before the
 * server's expiry job has said so.
 */
export function shownState(offer: Offer, now: number): OfferState {
  return offer.state === 'pending' && new Date(offer.expires_at).getTime() <= now ? 'expired' : offer.state;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function DeclineButton({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  const decline = useDeclineOffer(offer.id);
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {OFFER_CARD_TEXTS.decline}
      </Button>
      <ConfirmationDialog
        open={open}
        onOpenChange={setOpen}
        title={OFFER_CARD_TEXTS.declineTitle}
        description={OFFER_TEXTS.declineConfirm}
        confirmLabel={OFFER_CARD_TEXTS.decline}
        destructive
        pending={decline.isPending}
        // A promise rather than mutate's callbacks: the new state takes this button away before they would run.
        onConfirm={() =>
          decline.mutateAsync().then(
            () => {
              setOpen(false);
              showToast({ title: OFFER_TEXTS.declinedToast, variant: 'success' });
            },
            (error: unknown) => {
              setOpen(false);
              showToast({ title: failureDetail(error, OFFER_CARD_TEXTS.declineFailed), variant: 'error' });
              // Refused because it changed meanwhile: show how it is now.
              void queryClient.invalidateQueries({ queryKey: offerQueryKeys.detail(offer.id) });
            },
          )
        }
      />
    </>
  );
}

function WithdrawButton({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawOffer(offer.id);
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {OFFER_CARD_TEXTS.withdraw}
      </Button>
      <ConfirmationDialog
        open={open}
        onOpenChange={setOpen}
        title={OFFER_CARD_TEXTS.withdrawTitle}
        description={OFFER_TEXTS.withdrawConfirm}
        confirmLabel={OFFER_CARD_TEXTS.withdraw}
        destructive
        pending={withdraw.isPending}
        // A promise rather than mutate's callbacks: the new state takes this button away before they would run.
        onConfirm={() =>
          withdraw.mutateAsync().then(
            () => {
              setOpen(false);
              showToast({ title: OFFER_TEXTS.withdrawnToast, variant: 'success' });
            },
            (error: unknown) => {
              setOpen(false);
              showToast({ title: failureDetail(error, OFFER_CARD_TEXTS.withdrawFailed), variant: 'error' });
              void queryClient.invalidateQueries({ queryKey: offerQueryKeys.detail(offer.id) });
            },
          )
        }
      />
    </>
  );
}

function OfferActions({ offer, role, state }: { offer: Offer; role: ChatRole; state: OfferState }) {
  if (state === 'accepted' && offer.order_id !== null && role !== 'guest') {
    return (
      <Link to={`/orders/${offer.order_id}`} className={buttonClassName('secondary', 'sm')}>
        {OFFER_CARD_TEXTS.viewOrder}
      </Link>
    );
  }
  if (state !== 'pending') return null;
  if (sendsOffers(role)) return <WithdrawButton offer={offer} />;
  if (role === 'guest') {
    return (
      <>
        <Link to={GUEST_UPGRADE_PATH} className={buttonClassName('primary', 'sm')}>
          {OFFER_CARD_TEXTS.guestAccept}
        </Link>
        <p className="w-full text-xs text-slate-600">{OFFER_TEXTS.guestMustSignUp}</p>
      </>
    );
  }
  return (
    <>
      <Link to={offerPaymentPath(offer.id)} className={buttonClassName('primary', 'sm')}>
        <CreditCard aria-hidden="true" className="size-4" />
        {OFFER_CARD_TEXTS.acceptAndPay}
      </Link>
      <DeclineButton offer={offer} />
    </>
  );
}

/**
 * A custom offer in the conversation, for both sides: its terms, the time left and its state, kept
 * current by the room's offer events; the buttons are those of the viewer's side.
 */
export function OfferCard({ offer: sent, role }: { offer: Offer; role: ChatRole }) {
  const { data: offer } = useQuery({ ...offerQueryOptions(sent.id), initialData: sent });
  const now = useNow();
  const state = shownState(offer, now);
  const titleId = `offer-${offer.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-indigo-200 bg-white p-4 text-slate-900 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-indigo-700 uppercase">
          <FileSignature aria-hidden="true" className="size-4" />
          {OFFER_TEXTS.customOffer}
        </p>
        <StatusBadge status={state} badges={OFFER_STATE_BADGES} />
      </div>
      <h3 id={titleId} className="mt-2 font-semibold break-words">
        {offer.title}
      </h3>
      <p className="mt-1 line-clamp-6 text-sm break-words whitespace-pre-wrap text-slate-700">
        {offer.description}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">Price</dt>
          <dd className="font-semibold">{formatMoney(offer.price)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-xs text-slate-600">
            <Truck aria-hidden="true" className="size-3.5" />
            Delivery
          </dt>
          <dd>{plural(offer.duration_days, 'day', 'days')}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-xs text-slate-600">
            <RotateCcw aria-hidden="true" className="size-3.5" />
            Revisions
          </dt>
          <dd>{offer.revisions}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-xs text-slate-600">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            Expiry
          </dt>
          <dd>
            {state === 'pending' ? (
              <time dateTime={offer.expires_at}>{formatExpiry(offer.expires_at, now)}</time>
            ) : (
              OFFER_STATE_BADGES[state].label
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <OfferActions offer={offer} role={role} state={state} />
      </div>
    </article>
  );
}
