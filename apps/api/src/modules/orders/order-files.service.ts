import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { cleanFileName, DELIVERY_TEXTS, type OrderFile, type OrderStatus } from '@teamhire/shared';
import type { Database } from '../../db/database';
import type { Clock } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { Storage } from '../../platform/storage';
import { tooLarge } from '../chat/chat-files.service';
import * as repository from './order-files.repository';
import { assertOrderReader } from './orders.service';

export interface OrderFilesContext {
  db: Database;
  clock: Clock;
  storage: Storage;
}

/** While work can still be delivered or argued about; a closed order takes no new files. */
const OPEN_STATUSES: readonly OrderStatus[] = ['confirmed', 'in_progress', 'delivered', 'disputed'];

const storedKey = (orderId: number, fileId: string) => `orders/${orderId}/${fileId}`;

/**
 * The buyer or the team uploads a file to the order, streamed to storage under a generated name (as chat
 * files are); a delivery then names it. Refused to general admins who are neither: they read, not add.
 */
export async function storeOrderFile(
  context: OrderFilesContext,
  actor: Actor,
  orderId: number,
  upload: { stream: Readable & { truncated?: boolean }; fileName: string | undefined; mimeType: string },
): Promise<OrderFile> {
  const { row, viewer } = await assertOrderReader(context.db, actor, orderId);
  if (!viewer.isBuyer && !viewer.isTeam)
    throw forbidden('Only the buyer and the team can add files to an order');
  if (!OPEN_STATUSES.includes(row.order.status)) throw conflict('This order no longer takes files');
  const fileId = randomUUID();
  const target = storedKey(orderId, fileId);
  let size: number;
  try {
    ({ size } = await context.storage.put(target, upload.stream, {
      contentType: upload.mimeType || undefined,
    }));
    if (upload.stream.truncated) throw tooLarge();
  } catch (error) {
    await context.storage.delete(target).catch(() => undefined);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || upload.stream.truncated) {
      throw tooLarge();
    }
    throw error;
  }
  const name = cleanFileName(upload.fileName);
  await repository.insertOrderFile(context.db, {
    id: fileId,
    orderId,
    uploaderId: actor.id,
    originalName: name,
    mimeType: upload.mimeType || 'application/octet-stream',
    sizeBytes: size,
    createdAt: context.clock(),
  });
  return { id: fileId, file_name: name, size };
}

/**
 * A file of an order, served only to its buyer, its team and general admins; anyone else learns
 * nothing (404, as for the order itself). Always a download: the work of a team is not shown inline.
 */
export async function openOrderFile(
  context: OrderFilesContext,
  actor: Actor,
  orderId: number,
  fileId: string,
) {
  await assertOrderReader(context.db, actor, orderId);
  const file = await repository.findOrderFile(context.db, fileId);
  if (!file || file.orderId !== orderId) throw notFound(DELIVERY_TEXTS.fileNotFound);
  const stored = await context.storage.get(storedKey(orderId, file.id));
  return {
    stream: stored.stream,
    fileName: file.originalName,
    size: file.sizeBytes,
  };
}
