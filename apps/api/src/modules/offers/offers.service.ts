import {
  OFFER_NOT_PENDING_TEXTS,
  OFFER_TEXTS,
  type ChatRole,
  type Offer,
  type offerCreateSchema,
} from '@teamhire/shared';
import type { z } from 'zod';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps, Clock } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import * as chat from '../chat/chat.service';
import { toOfferResponse, type Participant } from '../chat/chat.service';
import {
  createNotifications,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';

import * as repository from './offers.repository';

export interface OffersContext {
  db: Database;
  bus: RealtimeBus;
  clock: Clock;
  limiter: RateLimiter;
  offersPerHour: number;
  /** Queues the expiry job to run at the offer's expiry time (a no-op without the job runner). */
  scheduleExpiry: (at: Date) => Promise<void>;
}

export const offersContext = (
  { db, bus, clock, limiter, config }: AppDeps,
  scheduleExpiry: OffersContext['scheduleExpiry'],
): OffersContext => ({ db, bus, clock, limiter, offersPerHour: config.offersPerHour, scheduleExpiry });

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const offerNotFound = () => new AppError('not_found', OFFER_TEXTS.notFound);
const TEAM_ROLES: readonly ChatRole[] = ['admin', 'member'];
type OfferCreate = z.output<typeof offerCreateSchema>;
const toInput = (input: OfferCreate) => ({
  title: input.title,
  description: input.description,
  priceCents: Math.round(input.price * 100),
  durationDays: input.duration_days,
  revisions: input.revisions,
  expiresInDays: input.expires_in_days,
});

/**
 * The caller's place in the offer's room, by the chat's one access rule; anyone without one (a
 * stranger, another team, a general admin) learns nothing of the offer: 404, as if it did not exist.
 */
async function partyOf(db: DatabaseOrTransaction, participant: Participant, roomId: number) {
  try {
    return await chat.roomAccess(db, participant, roomId);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'forbidden' || error.code === 'not_found')) {
      throw offerNotFound();
    }
    throw error;
  }
}

/** Refuses an offer that is not pending (now): 409 with the spec's text for its state. */
function assertPending(offer: repository.OfferRow, now: Date) {
  if (offer.state !== 'pending') throw new AppError('conflict', OFFER_NOT_PENDING_TEXTS[offer.state]);
  // Past its expiry the offer is expired even before the job marks it.
  if (offer.expiresAt.getTime() <= now.getTime()) throw new AppError('conflict', OFFER_TEXTS.expired);
}

async function assertRate(context: OffersContext, actor: Actor) {
  try {
    const rule = { bucket: 'offers:create', limit: context.offersPerHour, windowMs: HOUR_MS };
    await context.limiter.hit(rule, `user:${actor.id}`);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
    throw new AppError('rate_limited', OFFER_TEXTS.tooManyOffers, undefined, error.options);
  }
}

/**
 * The team of the room (its admin or a member) sends an offer to the room's buyer or guest. The
 * offer, its own package (what an order of it buys) and its card in the conversation are written in
 * one transaction; both sides see the card at once, a signed-in buyer also hears of it in the bell.
 */
export async function createOffer(
  context: OffersContext,
  participant: Participant,
  roomId: number,
  payload: OfferCreate,
): Promise<Offer> {
  const access = await chat.roomAccess(context.db, participant, roomId);
  if (participant.kind !== 'user' || !TEAM_ROLES.includes(access.role)) {
    throw new AppError('forbidden', OFFER_TEXTS.onlyTeam);
  }
  const { room } = access;
  if (room.buyerId === null && room.guestUserId === null) {
    throw new AppError('conflict', OFFER_TEXTS.noCustomer);
  }
  await assertRate(context, participant.actor);
  const input = toInput(payload);
  const created = await context.db.transaction(async (transaction) => {
    const now = context.clock();
    const packageId = await repository.insertOfferPackage(transaction, {
      teamId: room.teamId,
      ...input,
      at: now,
    });
    const messageId = await chat.insertModuleMessage(transaction, {
      roomId,
      senderUserId: participant.id,
      text: `${OFFER_TEXTS.customOffer}: ${input.title}`,
      type: 'offer',
    });
    const offer = await repository.insertOffer(transaction, {
      chatRoomId: roomId,
      teamId: room.teamId,
      packageId,
      senderUserId: participant.id,
      messageId,
      title: input.title,
      description: input.description,
      priceCents: input.priceCents,
      durationDays: input.durationDays,
      revisions: input.revisions,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdAt: now,
    });
    // A guest has no bell: they see the card in the conversation (and keep it on signing up).
    const notifications =
      room.buyerId === null
        ? []
        : await createNotifications(transaction, {
            userIds: [room.buyerId],
            kind: 'offer_received',
            orderId: null,
            chatRoomId: roomId,
            text: `${access.teamName} sent you an offer: ${input.title}`,
            at: now,
          });
    return { offer, messageId, notifications };
  });
  await chat.announceMessage(context, created.messageId);
  await publishNotifications(context.bus, created.notifications);
  await context.scheduleExpiry(created.offer.expiresAt);
  return toOfferResponse(created.offer, access.teamName);
}

/** The parties of the room (its buyer or guest, the team's admin and members); anyone else: 404. */
export async function getOffer(
  context: Pick<OffersContext, 'db'>,
  participant: Participant,
  id: number,
): Promise<Offer> {
  const row = await repository.findOffer(context.db, id);
  if (!row) throw offerNotFound();
  await partyOf(context.db, participant, row.offer.chatRoomId);
  return toOfferResponse(row.offer, row.teamName);
}

/** A change of the offer's state, with what its announcement after the commit needs. */
interface OfferChange {
  offerId: number;
  notifications: PendingNotification[];
}

/**
 * Runs `change` on the offer row locked `for update` for a party of its room, so that two changes
 * (two declines, a decline and a withdrawal, a withdrawal and a payment) apply one after the other
 * and the second finds the offer no longer pending. Then both sides' cards change at once.
 */
async function changePendingOffer(
  context: OffersContext,
  participant: Participant,
  id: number,
  change: (
    transaction: DatabaseOrTransaction,
    offer: repository.OfferRow,
    access: Awaited<ReturnType<typeof chat.roomAccess>>,
    now: Date,
  ) => Promise<OfferChange>,
): Promise<Offer> {
  const changed = await context.db.transaction(async (transaction) => {
    const offer = await repository.lockOffer(transaction, id);
    if (!offer) throw offerNotFound();
    const access = await partyOf(transaction, participant, offer.chatRoomId);
    return change(transaction, offer, access, context.clock());
  });
  await publishNotifications(context.bus, changed.notifications);
  return announceOfferChange(context, changed.offerId);
}

/** Refuses a decline or withdrawal while the buyer's payment for the offer is under way. */
async function assertNoPaymentUnderWay(transaction: DatabaseOrTransaction, offer: repository.OfferRow) {
  if (await repository.hasOpenCharge(transaction, offer.packageId)) {
    throw new AppError('conflict', OFFER_TEXTS.paymentInProgress);
  }
}

/** The buyer of the room declines; a guest must sign up first; the team hears of it. */
export async function declineOffer(
  context: OffersContext,
  participant: Participant,
  id: number,
): Promise<Offer> {
  return changePendingOffer(context, participant, id, async (transaction, offer, access, now) => {
    if (access.role === 'guest') throw new AppError('forbidden', OFFER_TEXTS.guestMustSignUp);
    if (access.role !== 'buyer') throw new AppError('forbidden', OFFER_TEXTS.onlyBuyer);
    assertPending(offer, now);
    await assertNoPaymentUnderWay(transaction, offer);
    await repository.setOfferState(transaction, offer.id, 'declined', now);
    const notifications = await createNotifications(transaction, {
      userIds: await chat.teamSideUserIds(transaction, access.room.teamId, access.teamAdminId),
      kind: 'offer_declined',
      orderId: null,
      chatRoomId: offer.chatRoomId,
      text: `${participant.name} declined your offer: ${offer.title}`,
      at: now,
    });
    return { offerId: offer.id, notifications };
  });
}

/** The team of the room withdraws its offer. */
export async function withdrawOffer(
  context: OffersContext,
  participant: Participant,
  id: number,
): Promise<Offer> {
  return changePendingOffer(context, participant, id, async (transaction, offer, access, now) => {
    if (!TEAM_ROLES.includes(access.role)) throw new AppError('forbidden', OFFER_TEXTS.onlyTeam);
    assertPending(offer, now);
    await assertNoPaymentUnderWay(transaction, offer);
    await repository.setOfferState(transaction, offer.id, 'withdrawn', now);
    return { offerId: offer.id, notifications: [] };
  });
}

/** Both sides' open pages update the offer's card, and their inboxes refresh (the dashboard's latest offer). */
export async function announceOfferChange(
  context: Pick<OffersContext, 'db' | 'bus'>,
  offerId: number,
): Promise<Offer> {
  const row = (await repository.findOffer(context.db, offerId))!;
  const offer = toOfferResponse(row.offer, row.teamName);
  await chat.publishToRoom(context, offer.chat_room_id, { type: 'offer_updated', offer });
  return offer;
}

/**
 * For POST /api/orders with `offer_id`, in the purchase's transaction: the offer locked until it
 * commits, so parallel purchases of one offer run one after the other and only the first starts a
 * charge. Only the room's buyer may buy it (a former guest too, once signed up); the team learns
 * why not, anyone else that it does not exist. The package to buy is the offer's own.
 */
export async function lockOfferForPurchase(
  transaction: DatabaseOrTransaction,
  actor: Actor,
  offerId: number,
  now: Date,
): Promise<{ packageId: number; priceCents: number }> {
  const offer = await repository.lockOffer(transaction, offerId);
  if (!offer) throw offerNotFound();
  const access = await partyOf(
    transaction,
    { kind: 'user', id: actor.id, name: actor.username, actor },
    offer.chatRoomId,
  );
  if (access.role !== 'buyer') throw new AppError('forbidden', OFFER_TEXTS.onlyBuyer);
  assertPending(offer, now);
  // Another purchase of it is being charged: it is as good as accepted.
  if (await repository.hasOpenCharge(transaction, offer.packageId)) {
    throw new AppError('conflict', OFFER_TEXTS.accepted);
  }
  return { packageId: offer.packageId, priceCents: offer.priceCents };
}

/**
 * In the transaction that confirms a paid order: when the order bought an offer's own package, the
 * offer becomes `accepted` with the order, and the team hears of it (this is its word of the new
 * order). Undefined for an order of a catalogue package.
 */
export async function acceptPaidOffer(
  transaction: DatabaseOrTransaction,
  paid: { packageId: number; orderId: number; buyerUsername: string; teamId: number; teamAdminId: number },
  now: Date,
): Promise<OfferChange | undefined> {
  const offer = await repository.lockOfferOfPackage(transaction, paid.packageId);
  if (!offer) return undefined;
  await repository.setOfferState(transaction, offer.id, 'accepted', now, paid.orderId);
  const notifications = await createNotifications(transaction, {
    userIds: await chat.teamSideUserIds(transaction, paid.teamId, paid.teamAdminId),
    kind: 'offer_accepted',
    orderId: paid.orderId,
    chatRoomId: offer.chatRoomId,
    text: `${paid.buyerUsername} accepted and paid your offer: ${offer.title}`,
    at: now,
  });
  return { offerId: offer.id, notifications };
}

/** The expiry job's queue: a job is queued there for each offer's expiry time, beside a sweep every minute. */
export const OFFER_EXPIRY_QUEUE = 'offers.expire';

/** The expiry job: marks pending offers past their expiry time expired, and tells both sides. */
export interface OfferExpiry {
  expireDue(): Promise<number>;
}

const EXPIRY_BATCH = 200;

/**
 * Each offer in a transaction of its own under `for update skip locked`, so a sweep on another
 * instance, or the buyer paying at that moment, never changes one twice. An offer whose payment is
 * under way is left to that payment (which accepts it, or fails and leaves it to the next sweep).
 */
export function createOfferExpiry(context: Pick<OffersContext, 'db' | 'bus' | 'clock'>): OfferExpiry {
  return {
    async expireDue() {
      let count = 0;
      while (count < EXPIRY_BATCH) {
        const expired = await context.db.transaction(async (transaction) => {
          const now = context.clock();
          const due = await repository.lockNextExpired(transaction, now);
          if (!due) return undefined;
          return repository.setOfferState(transaction, due.id, 'expired', now);
        });
        if (!expired) break;
        count += 1;
        await announceOfferChange(context, expired.id);
      }
      return count;
    },
  };
}
