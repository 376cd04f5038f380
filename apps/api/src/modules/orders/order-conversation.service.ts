import { DELIVERY_TEXTS, ORDER_TEXTS, type OrderConversation } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError, forbidden } from '../../errors';
import type { Actor } from '../../plugins/authentication';
import { readCustomerConversation } from '../chat/chat.service';
import { isGeneralAdmin } from '../verification/verification.service';
import * as repository from './orders.repository';
import { related, viewerOf } from './orders.service';

/**
 * A general admin reads, and only reads, the conversation between an order's buyer and its team:
 * what was agreed and said is the evidence a dispute is decided on. The parties have the chat
 * itself and are refused here (403); anyone else does not learn the order exists (404).
 */
export async function readOrderConversation(
  db: Database,
  actor: Actor,
  orderId: number,
  page: { before?: number | undefined; limit: number },
): Promise<OrderConversation> {
  const row = await repository.findOrder(db, orderId);
  if (!row) throw new AppError('not_found', ORDER_TEXTS.orderNotFound);
  if (!isGeneralAdmin(actor)) {
    if (related(await viewerOf(db, actor, row))) throw forbidden(DELIVERY_TEXTS.onlyGeneralAdmin);
    throw new AppError('not_found', ORDER_TEXTS.orderNotFound);
  }
  return readCustomerConversation(db, { teamId: row.order.teamId, buyerId: row.order.buyerId }, page);
}
