import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';

/** What the payment page asks of Stripe's card element when the buyer pays. */
export interface StripeCardHandle {
  /** The card as a Stripe payment method id; the number never reaches our server. */
  tokenize(): Promise<string>;
}

export const STRIPE_CARD_LOAD_FAILED =
  'The secure card form could not load. Check your connection and reload the page.';

/**
 * Stripe's own card element, with Stripe.js loaded only when this field shows (the test mode never
 * loads it). The card number, expiry and CVC are typed into Stripe's frame.
 */
export function StripeCardField({
  publishableKey,
  handle,
}: {
  publishableKey: string;
  handle: RefObject<StripeCardHandle | null>;
}) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [cardError, setCardError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (cancelled || !mountPoint.current) return;
        if (!stripe) throw new Error('Stripe.js did not load');
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        card.on('change', (event) => setCardError(event.error?.message ?? null));
        destroy = () => card.destroy();
        handle.current = {
          async tokenize() {
            const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
            if (error || !paymentMethod) throw new Error(error?.message ?? STRIPE_CARD_LOAD_FAILED);
            return paymentMethod.id;
          },
        };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      destroy?.();
      handle.current = null;
    };
  }, [publishableKey, handle]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        Card
      </span>
      {state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Loading the secure card form...
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {STRIPE_CARD_LOAD_FAILED}
        </p>
      ) : null}
      <div
        ref={mountPoint}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={cardError ? errorId : undefined}
        data-testid="stripe-card-element"
        className={`rounded-lg border border-slate-300 bg-white px-3 py-3 ${state === 'ready' ? '' : 'hidden'}`}
      />
      {cardError ? (
        <p id={errorId} className="text-sm text-red-700">
          {cardError}
        </p>
      ) : null}
    </div>
  );
}
