import { OFFER_TEXTS, type Order } from '@teamhire/shared';
import { Link } from 'react-router';

/** An order made from a custom offer: it has no catalogue package, its terms came from a conversation. */
export function isOfferOrder(order: Pick<Order, 'offer_id'>): boolean {
  return order.offer_id !== null && order.offer_id !== undefined;
}

/** Where paying again leads after a declined payment: the package's payment page, or the offer's. */
export function paymentPathOf(order: Pick<Order, 'offer_id' | 'service_package_id'>): string {
  return isOfferOrder(order) ? `/payment/offer/${order.offer_id}` : `/payment/${order.service_package_id}`;
}

/**
 * What was bought, where a package's name goes: the package's title, or 'Custom offer' (linking back
 * to the conversation it was sent in) and the offer's title.
 */
export function OrderSubject({ order }: { order: Order }) {
  if (!isOfferOrder(order)) return <>{order.service_package.title}</>;
  return (
    <>
      {order.chat_room_id ? (
        <Link
          to={`/team-chat/${order.chat_room_id}`}
          className="text-indigo-700 underline-offset-2 hover:underline"
        >
          {OFFER_TEXTS.customOffer}
        </Link>
      ) : (
        OFFER_TEXTS.customOffer
      )}
      <span className="font-normal text-slate-600">{` · ${order.service_package.title}`}</span>
    </>
  );
}
