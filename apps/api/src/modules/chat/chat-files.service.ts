import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_UPLOAD_MAX_BYTES,
  IMAGE_TEXTS,
  cleanFileName,
  fileKindOf,
  type ChatMessage,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import { cleanSentImage } from '../../platform/images/sent-images';
import type { Storage } from '../../platform/storage';
import * as repository from './chat.repository';
import {
  announceInboxChange,
  assertChatRate,
  roomAccess,
  roomChannel,
  toMessageResponse,
  type ChatContext,
  type ChatLimits,
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
 * The storage quota is one per user for every file they keep: their chat files and the files they
 * upload to orders (the orders module stores those and asks here). Before a byte is read: refused
 * (413) when the upload's declared size already does not fit in what is left.
 */
export async function assertQuotaRoom(
  context: Pick<ChatContext, 'db' | 'limits'>,
  participant: Participant,
  atLeastBytes: number,
): Promise<void> {
  const quota = context.limits.uploadQuotaBytes;
  const used = await repository.storedBytes(context.db, senderOf(participant));
  if (used + atLeastBytes > quota) throw quotaExceeded(quota, used);
}

/**
 * Inside the transaction that records a stored file: holds the uploader's quota lock until it ends,
 * so that two uploads at once cannot both fit in the same free space, and refuses (413) a file that
 * does not fit.
 */
export async function assertQuotaFits(
  transaction: DatabaseOrTransaction,
  limits: ChatLimits,
  participant: Participant,
  sizeBytes: number,
): Promise<void> {
  const used = await repository.lockedStoredBytes(transaction, senderOf(participant));
  if (used + sizeBytes > limits.uploadQuotaBytes) throw quotaExceeded(limits.uploadQuotaBytes, used);
}

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
  await assertQuotaRoom(context, participant, upload.atLeastBytes);
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
      ({ size, hasThumbnail } = await storeImage(storage, target, thumbnailKey(roomId, fileId), {
        size,
        contentType: upload.mimeType || undefined,
      }));
    } catch (error) {
      // Refused (too many pixels, unreadable) or the store failed: nothing of the upload is kept.
      await storage.delete(target).catch(() => undefined);
      await storage.delete(thumbnailKey(roomId, fileId)).catch(() => undefined);
      throw error;
    }
  }
  let messageId: number | undefined;
  try {
    messageId = await context.db.transaction(async (transaction) => {
      await assertQuotaFits(transaction, context.limits, participant, size);
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
 * Reads a stored image back (at most 50 MB) before anyone can download it. A header claiming more than
 * CHAT_IMAGE_MAX_PIXELS is 413 (nothing decoded); an original carrying metadata (a phone photo's EXIF
 * and GPS position) is replaced by a clean copy in its own format, upright; the preview is stored
 * beside it. A file that is not an image after all (a renamed file) stays a download without a
 * preview, as sent. Answers the size now stored and whether there is a preview.
 */
async function storeImage(
  storage: Storage,
  originalKey: string,
  previewKey: string,
  sent: { size: number; contentType: string | undefined },
): Promise<{ size: number; hasThumbnail: boolean }> {
  const original = await storage.get(originalKey);
  const image = await cleanSentImage(await buffer(original.stream), {
    maxPixels: CHAT_IMAGE_MAX_PIXELS,
    previewWidth: THUMBNAIL_WIDTH_PX,
    texts: { tooManyPixels: IMAGE_TEXTS.sentImageTooManyPixels, unreadable: IMAGE_TEXTS.sentImageUnreadable },
  });
  if (!image) return { size: sent.size, hasThumbnail: false };
  if (image.rewritten) {
    // No message points to the file yet: nobody can be reading it while it is replaced.
    await storage.delete(originalKey);
    await storage.put(originalKey, image.content, { contentType: sent.contentType });
  }
  if (image.preview) await storage.put(previewKey, image.preview, { contentType: 'image/webp' });
  return { size: image.content.length, hasThumbnail: image.preview !== undefined };
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
