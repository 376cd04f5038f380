import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { CHAT_UPLOAD_MAX_BYTES, cleanFileName, fileKindOf, type ChatMessage } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import * as repository from './chat.repository';
import {
  announceInboxChange,
  assertChatRate,
  roomAccess,
  roomChannel,
  toMessageResponse,
  type ChatContext,
} from './chat.service';
import { readerKey, type Participant } from './participants';

/** Images a browser may show inline; everything else is served as a download. */
const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const THUMBNAIL_SOURCE_MAX_BYTES = 50 * 1024 * 1024;
const THUMBNAIL_WIDTH_PX = 320;

/** A room's files share a prefix, so that the room's deletion deletes them all. */
const roomPrefix = (roomId: number) => `chat/${roomId}/`;
const storedKey = (roomId: number, fileId: string) => `${roomPrefix(roomId)}${fileId}`;
/** A preview is stored beside its original. */
const thumbnailKey = (roomId: number, fileId: string) => `${roomPrefix(roomId)}${fileId}.thumb.webp`;

/** What the file functions need beside the chat's own context. */
export type ChatFilesContext = ChatContext & { storage: Storage };

export const tooLarge = (bytes?: number) =>
  new AppError(
    'payload_too_large',
    bytes === undefined
      ? 'File size exceeds the maximum limit of 1GB.'
      : `File size exceeds the maximum limit of 1GB. Your file is ${(bytes / 1024 ** 3).toFixed(2)}GB.`,
  );

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)}GB`;
  return `${Math.ceil(bytes / 1024 ** 2)}MB`;
}

const quotaExceeded = (quotaBytes: number, usedBytes: number) =>
  new AppError(
    'payload_too_large',
    `This file does not fit in your storage for chat files: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used.`,
  );

const senderOf = (participant: Participant) => ({
  userId: participant.kind === 'user' ? participant.id : null,
  guestId: participant.kind === 'guest' ? participant.id : null,
});

/**
 * Streams an upload to storage under a generated name, never holding it in memory. The multipart
 * reader stops at 1 GiB and errors; the partial file is then removed and the client gets 413.
 * Uploads count against the sender's per-minute limit and storage quota; a file that does not fit
 * is refused before a byte is read when its declared size already says so, else once it is counted.
 */
export async function storeUpload(
  context: ChatFilesContext,
  participant: Participant,
  roomId: number,
  upload: {
    stream: Readable & { truncated?: boolean };
    fileName: string | undefined;
    mimeType: string;
    /** A lower bound on the file's size, from the request's declared length; 0 when unknown. */
    atLeastBytes: number;
  },
): Promise<ChatMessage> {
  await assertChatRate(context, participant, 'upload');
  const access = await roomAccess(context.db, participant, roomId);
  const quota = context.limits.uploadQuotaBytes;
  const usedBefore = await repository.storedBytes(context.db, senderOf(participant));
  if (usedBefore + upload.atLeastBytes > quota) throw quotaExceeded(quota, usedBefore);
  const fileId = randomUUID();
  const { storage } = context;
  const target = storedKey(roomId, fileId);
  let size: number;
  try {
    ({ size } = await storage.put(target, upload.stream, { contentType: upload.mimeType || undefined }));
    if (upload.stream.truncated) throw tooLarge();
  } catch (error) {
    await storage.delete(target).catch(() => undefined);
    if (
      (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
      (error instanceof AppError && error.code === 'payload_too_large')
    )
      throw tooLarge();
    throw error;
  }
  if (size > CHAT_UPLOAD_MAX_BYTES) {
    await storage.delete(target);
    throw tooLarge(size);
  }
  // Shown to people only, never used as a path.
  const name = cleanFileName(upload.fileName);
  const kind = fileKindOf(name);
  let hasThumbnail = false;
  if (kind === 'image' && size <= THUMBNAIL_SOURCE_MAX_BYTES) {
    try {
      hasThumbnail = await storeThumbnail(storage, target, thumbnailKey(roomId, fileId));
    } catch (error) {
      // The store failed between the original and its preview: nothing of the upload is kept.
      await storage.delete(target).catch(() => undefined);
      throw error;
    }
  }
  let messageId: number | undefined;
  try {
    messageId = await context.db.transaction(async (transaction) => {
      const used = await repository.lockedStoredBytes(transaction, senderOf(participant));
      if (used + size > quota) throw quotaExceeded(quota, used);
      await repository.insertFile(transaction, {
        id: fileId,
        chatRoomId: roomId,
        originalName: name,
        mimeType: upload.mimeType || 'application/octet-stream',
        sizeBytes: size,
        kind,
        hasThumbnail,
      });
      return repository.insertMessage(transaction, {
        chatRoomId: roomId,
        senderUserId: participant.kind === 'user' ? participant.id : null,
        senderGuestId: participant.kind === 'guest' ? participant.id : null,
        messageText: name,
        messageType: hasThumbnail ? 'image' : 'file',
        fileId,
      });
    });
  } catch (error) {
    // Refused (over the quota) or not recorded: a file no message points to is nobody's.
    await storage.delete(target).catch(() => undefined);
    await storage.delete(thumbnailKey(roomId, fileId)).catch(() => undefined);
    throw error;
  }
  const message = toMessageResponse((await repository.findMessage(context.db, messageId!))!);
  await repository.markRead(context.db, roomId, readerKey(participant), messageId);
  await context.bus.publish(roomChannel(roomId), { type: 'new_message', message });
  // A file is a message like any other: every participant's bell and inbox hear of it.
  await announceInboxChange(context, roomId, access.room, access.teamAdminId);
  return message;
}

/**
 * Reads the stored original back (at most 50 MB, an image) and stores its preview beside it. A file
 * that is not an image after all (a renamed file) stays a download without a preview.
 */
async function storeThumbnail(storage: Storage, originalKey: string, key: string): Promise<boolean> {
  const original = await storage.get(originalKey);
  const resize = sharp({ limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
    .webp({ quality: 80 });
  let preview: Buffer;
  try {
    [, preview] = await Promise.all([pipeline(original.stream, resize), resize.toBuffer()]);
  } catch {
    original.stream.destroy();
    return false;
  }
  await storage.put(key, preview, { contentType: 'image/webp' });
  return true;
}

/** A file is served only to the members of the room it was sent in: a link passed on must not open it. */
export async function openFile(
  context: ChatFilesContext,
  participant: Participant,
  fileId: string,
  variant: 'original' | 'thumbnail',
) {
  const file = await repository.findFileWithRoom(context.db, fileId);
  if (!file) throw new AppError('not_found', 'File not found');
  await roomAccess(context.db, participant, file.chatRoomId);
  if (variant === 'thumbnail') {
    if (!file.hasThumbnail) throw new AppError('not_found', 'This file has no preview');
    const preview = await context.storage.get(thumbnailKey(file.chatRoomId, file.id));
    return {
      stream: preview.stream,
      size: preview.size,
      contentType: 'image/webp',
      disposition: 'inline' as const,
      fileName: `${file.originalName}.webp`,
    };
  }
  const inline = file.kind === 'image' && INLINE_IMAGE_TYPES.has(file.mimeType);
  const stored = await context.storage.get(storedKey(file.chatRoomId, file.id));
  return {
    stream: stored.stream,
    contentType: inline ? file.mimeType : 'application/octet-stream',
    disposition: inline ? ('inline' as const) : ('attachment' as const),
    fileName: file.originalName,
    size: file.sizeBytes,
  };
}

/**
 * A file of the conversation between a buyer and a team, for a reader outside the room whom the caller
 * has authorized (a general admin deciding a dispute on an order between them). Always a download,
 * never shown inline; a file of any other room is not found.
 */
export async function openCustomerConversationFile(
  context: { db: Database; storage: Storage },
  parties: { teamId: number; buyerId: number },
  fileId: string,
) {
  const roomId = await repository.findCustomerRoomId(context.db, parties.teamId, parties.buyerId);
  const file = await repository.findFileWithRoom(context.db, fileId);
  if (roomId === undefined || !file || file.chatRoomId !== roomId) {
    throw new AppError('not_found', 'File not found');
  }
  const stored = await context.storage.get(storedKey(roomId, file.id));
  return {
    stream: stored.stream,
    fileName: file.originalName,
    size: file.sizeBytes,
  };
}

/**
 * Deletes the guest sessions that ended before `now`. An upgraded guest's rooms, messages and files
 * already belong to the new account and stay; a guest who never signed up takes their rooms with
 * them (the rows, and the rooms' stored files once the rows are gone).
 */
export async function deleteEndedGuests(db: Database, storage: Storage, now: Date): Promise<number> {
  const ended = await db.transaction(async (transaction) => {
    const found = await repository.lockEndedGuests(transaction, now);
    await repository.deleteGuests(transaction, found.guestIds);
    return found;
  });
  for (const roomId of ended.roomIds) {
    await storage.deletePrefix(roomPrefix(roomId));
  }
  return ended.guestIds.length;
}
