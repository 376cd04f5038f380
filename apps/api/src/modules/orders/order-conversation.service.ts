import { DELIVERY_TEXTS, ORDER_TEXTS, type OrderConversation } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError, forbidden } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { Storage } from '../../platform/storage';
import { openCustomerConversationFile } from '../chat/chat-files.service';
import { readCustomerConversation } from '../chat/chat.service';
import { isGeneralAdmin } from '../../platform/auth/actor';
import * as repository from './orders.repository';
import { hasDispute, insertConversationRead } from './order-timeline.repository';
import { related, viewerOf } from './orders.service';

/** Where a general admin downloads a file of an order's conversation. */
const conversationFileUrl = (orderId: number, fileId: string) =>
  `/api/admin/orders/${orderId}/conversation/files/${fileId}`;

/**
 * The buyer and the team of an order, for a general admin only, and only while the order has a
 * dispute (open or resolved) to decide on: without one, a general admin is refused (403). The parties
 * have the chat itself and are refused (403); anyone else does not learn the order exists (404).
 */
async function conversationParties(db: Database, actor: Actor, orderId: number) {
  const row = await repository.findOrder(db, orderId);
  if (!row) throw new AppError('not_found', ORDER_TEXTS.orderNotFound);
  if (!isGeneralAdmin(actor)) {
    if (related(await viewerOf(db, actor, row))) throw forbidden(DELIVERY_TEXTS.onlyGeneralAdmin);
    throw new AppError('not_found', ORDER_TEXTS.orderNotFound);
  }
  if (!(await hasDispute(db, orderId))) throw forbidden(DELIVERY_TEXTS.conversationOnlyOnDispute);
  return { teamId: row.order.teamId, buyerId: row.order.buyerId };
}

/**
 * A general admin reads, and only reads, the conversation between an order's buyer and its team:
 * what was agreed and said is the evidence a dispute is decided on. Each read is recorded (who,
 * when, which order) before the conversation is answered.
 */
export async function readOrderConversation(
  db: Database,
  actor: Actor,
  orderId: number,
  page: { before?: number | undefined; limit: number },
): Promise<OrderConversation> {
  const parties = await conversationParties(db, actor, orderId);
  await insertConversationRead(db, { adminId: actor.id, orderId, fileId: null });
  return readCustomerConversation(db, parties, page, (fileId) => conversationFileUrl(orderId, fileId));
}

/** A file sent in that conversation, downloaded by a general admin: recorded as a read too. */
export async function openOrderConversationFile(
  context: { db: Database; storage: Storage },
  actor: Actor,
  orderId: number,
  fileId: string,
) {
  const parties = await conversationParties(context.db, actor, orderId);
  const opened = await openCustomerConversationFile(context, parties, fileId);
  try {
    await insertConversationRead(context.db, { adminId: actor.id, orderId, fileId });
  } catch (error) {
    // Not recorded, not served.
    opened.stream.destroy();
    throw error;
  }
  return opened;
}
