import type { Offer, OfferState } from '@teamhire/shared';

/** An offer's row as the tables hold it (the chat's message list reads it too). */
export interface OfferFields {
  id: number;
  chatRoomId: number;
  teamId: number;
  title: string;
  description: string;
  priceCents: number;
  durationDays: number;
  revisions: number;
  state: OfferState;
  expiresAt: Date;
  stateChangedAt: Date | null;
  orderId: number | null;
  createdAt: Date;
}

export function toOfferResponse(offer: OfferFields, teamName: string): Offer {
  return {
    id: offer.id,
    chat_room_id: offer.chatRoomId,
    team_id: offer.teamId,
    team_name: teamName,
    title: offer.title,
    description: offer.description,
    price: offer.priceCents / 100,
    duration_days: offer.durationDays,
    revisions: offer.revisions,
    expires_at: offer.expiresAt.toISOString(),
    state: offer.state,
    order_id: offer.orderId,
    created_at: offer.createdAt.toISOString(),
    state_changed_at: offer.stateChangedAt ? offer.stateChangedAt.toISOString() : null,
  };
}
