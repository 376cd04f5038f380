import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { cleanFileName, DELIVERY_TEXTS, type OrderFile, type OrderStatus } from '@teamhire/shared';
import type { Database } from '../../db/database';
import type { Clock } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { Storage } from '../../platform/storage';
import { assertQuotaFits, assertQuotaRoom, tooLarge } from '../chat/chat-files.service';
import { assertChatRate, type ChatLimits, type Participant } from '../chat/chat.service';
import * as repository from './order-files.repository';
import { assertOrderReader } from './orders.service';

export interface OrderFilesContext {
  db: Database;
  clock: Clock;
  storage: Storage;
  /** An order's files go by the chat's upload rules: the same per-minute limit and the same quota. */
  limiter: RateLimiter;
  limits: ChatLimits;
}

/** While work can still be delivered or argued about; a closed order takes no new files. */
const OPEN_STATUSES: readonly OrderStatus[] = ['confirmed', 'in_progress', 'delivered', 'disputed'];
/** How many files an order holds that no delivery names (DELIVERY_TEXTS.tooManyUnattachedFiles says it). */
const UNATTACHED_FILES_PER_ORDER = 50;
/** How long a file no delivery names is kept after its upload (the same text says it). */
export const UNATTACHED_FILE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Files deleted per statement by the retention sweep. */
const DELETE_BATCH = 500;

const storedKey = (orderId: number, fileId: string) => `orders/${orderId}/${fileId}`;
const tooManyUnattached = () => conflict(DELIVERY_TEXTS.tooManyUnattachedFiles);

/**
 * The buyer or the team uploads a file to the order, streamed to storage under a generated name (as chat
 * files are); a delivery then names it. Refused to general admins who are neither: they read, not add.
 * The chat's limits hold (uploads per minute, 429; the uploader's storage quota, which counts chat and
 * order files alike, 413), and an order holds at most 50 files no delivery names (409): each is
 * checked before a byte is read, the quota and the cap again, under locks, once the file is stored.
 */
export async function storeOrderFile(
  context: OrderFilesContext,
  actor: Actor,
  orderId: number,
  upload: {
    stream: Readable & { truncated?: boolean };
    fileName: string | undefined;
    mimeType: string;
    /** A lower bound on the file's size, from the request's declared length; 0 when unknown. */
    atLeastBytes?: number;
  },
): Promise<OrderFile> {
  const uploader: Participant = { kind: 'user', id: actor.id, name: actor.username, actor };
  await assertChatRate(context, uploader, 'upload');
  const { row, viewer } = await assertOrderReader(context.db, actor, orderId);
  if (!viewer.isBuyer && !viewer.isTeam)
    throw forbidden('Only the buyer and the team can add files to an order');
  if (!OPEN_STATUSES.includes(row.order.status)) throw conflict('This order no longer takes files');
  await assertQuotaRoom(context, uploader, upload.atLeastBytes ?? 0);
  if ((await repository.countUnattachedFiles(context.db, orderId)) >= UNATTACHED_FILES_PER_ORDER) {
    throw tooManyUnattached();
  }
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
  try {
    await context.db.transaction(async (transaction) => {
      // The uploader's quota lock, then the order's: always in this order, so no two uploads wait on each other.
      await assertQuotaFits(transaction, context.limits, uploader, size);
      await repository.lockOrderUploads(transaction, orderId);
      if ((await repository.countUnattachedFiles(transaction, orderId)) >= UNATTACHED_FILES_PER_ORDER) {
        throw tooManyUnattached();
      }
      await repository.insertOrderFile(transaction, {
        id: fileId,
        orderId,
        uploaderId: actor.id,
        originalName: name,
        mimeType: upload.mimeType || 'application/octet-stream',
        sizeBytes: size,
        createdAt: context.clock(),
      });
    });
  } catch (error) {
    // Refused (over the quota or the cap) or not recorded: a stored file no row points to is nobody's.
    await context.storage.delete(target).catch(() => undefined);
    throw error;
  }
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

/**
 * Deletes the files that no delivery names and that were uploaded before `before` (the retention
 * sweep passes 7 days ago): the rows, then the stored objects once the rows are gone. Returns how many.
 */
export async function deleteUnattachedOrderFiles(
  db: Database,
  storage: Storage,
  before: Date,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const files = await repository.deleteUnattachedFilesBefore(db, before, DELETE_BATCH);
    for (const file of files) await storage.delete(storedKey(file.orderId, file.id));
    deleted += files.length;
    if (files.length < DELETE_BATCH) return deleted;
  }
}
