import type { ChatExtensions } from '../../features/chat/chat-extensions';
import { OfferButton } from '../../features/offers/components/offer-button';
import { OfferCard } from '../../features/offers/components/offer-card';
import { offerQueryKeys } from '../../lib/queries/get-offer';

/**
 * Custom offers inside a conversation: the card for `offer` messages, the team's Offer button in the
 * composer, and the room's offer events, which put the offer's new state where its card reads it.
 */
export const offerChatExtensions: ChatExtensions = {
  renderMessage: ({ message, access }) =>
    message.message_type === 'offer' && message.offer ? (
      <OfferCard offer={message.offer} role={access.role} />
    ) : undefined,
  composerActions: ({ access, roomId }) => <OfferButton roomId={roomId} role={access.role} />,
  roomEvents: (queryClient) => ({
    offer_updated: ({ offer }) => queryClient.setQueryData(offerQueryKeys.detail(offer.id), offer),
  }),
  onReconnected: (queryClient) => void queryClient.invalidateQueries({ queryKey: offerQueryKeys.all }),
};
