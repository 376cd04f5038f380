import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { CHAT_UPLOAD_MAX_BYTES, cleanFileName, fileKindOf, type ChatMessage } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
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

export const chatFilesDirectory = (uploadsDir: string, roomId: number) =>
  join(uploadsDir, 'chat', String(roomId));
const storedPath = (uploadsDir: string, roomId: number, fileId: string) =>
  join(chatFilesDirectory(uploadsDir, roomId), fileId);
const thumbnailPath = (uploadsDir: string, roomId: number, fileId: string) =>
  join(chatFilesDirectory(uploadsDir, roomId), `${fileId}.thumb.webp`);

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
 * Streams an upload to disk under a generated name, never holding it in memory. The multipart
 * reader stops at 1 GiB and errors; the partial file is then removed and the client gets 413.
 * Uploads count against the sender's per-minute limit and storage quota; a file that does not fit
 * is refused before a byte is read when its declared size already says so, else once it is counted.
 */
export async function storeUpload(
  context: ChatContext & { uploadsDir: string },
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
  const directory = chatFilesDirectory(context.uploadsDir, roomId);
  await mkdir(directory, { recursive: true });
  const target = storedPath(context.uploadsDir, roomId, fileId);
  try {
    await pipeline(upload.stream, createWriteStream(target, { flags: 'wx' }));
    if (upload.stream.truncated) throw tooLarge();
  } catch (error) {
    await rm(target, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof AppError)
      throw tooLarge();
    throw error;
  }
  const { size } = await stat(target);
  if (size > CHAT_UPLOAD_MAX_BYTES) {
    await rm(target, { force: true });
    throw tooLarge(size);
  }
  // Shown to people only, never used as a path.
  const name = cleanFileName(upload.fileName);
  const kind = fileKindOf(name);
  let hasThumbnail = false;
  if (kind === 'image' && size <= THUMBNAIL_SOURCE_MAX_BYTES) {
    hasThumbnail = await sharp(target, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbnailPath(context.uploadsDir, roomId, fileId))
      .then(
        () => true,
        // Not an image after all (a renamed file): it stays a download without a preview.
        () => false,
      );
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
    await rm(target, { force: true });
    await rm(thumbnailPath(context.uploadsDir, roomId, fileId), { force: true });
    throw error;
  }
  const message = toMessageResponse((await repository.findMessage(context.db, messageId!))!);
  await repository.markRead(context.db, roomId, readerKey(participant), messageId);
  await context.bus.publish(roomChannel(roomId), { type: 'new_message', message });
  // A file is a message like any other: every participant's bell and inbox hear of it.
  await announceInboxChange(context, roomId, access.room, access.teamAdminId);
  return message;
}

/** A file is served only to the members of the room it was sent in: a link passed on must not open it. */
export async function openFile(
  context: ChatContext & { uploadsDir: string },
  participant: Participant,
  fileId: string,
  variant: 'original' | 'thumbnail',
) {
  const file = await repository.findFileWithRoom(context.db, fileId);
  if (!file) throw new AppError('not_found', 'File not found');
  await roomAccess(context.db, participant, file.chatRoomId);
  if (variant === 'thumbnail') {
    if (!file.hasThumbnail) throw new AppError('not_found', 'This file has no preview');
    return {
      stream: createReadStream(thumbnailPath(context.uploadsDir, file.chatRoomId, file.id)),
      contentType: 'image/webp',
      disposition: 'inline',
      fileName: `${file.originalName}.webp`,
    };
  }
  const inline = file.kind === 'image' && INLINE_IMAGE_TYPES.has(file.mimeType);
  return {
    stream: createReadStream(storedPath(context.uploadsDir, file.chatRoomId, file.id)),
    contentType: inline ? file.mimeType : 'application/octet-stream',
    disposition: inline ? 'inline' : 'attachment',
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
  context: { db: Database; uploadsDir: string },
  parties: { teamId: number; buyerId: number },
  fileId: string,
) {
  const roomId = await repository.findCustomerRoomId(context.db, parties.teamId, parties.buyerId);
  const file = await repository.findFileWithRoom(context.db, fileId);
  if (roomId === undefined || !file || file.chatRoomId !== roomId) {
    throw new AppError('not_found', 'File not found');
  }
  return {
    stream: createReadStream(storedPath(context.uploadsDir, roomId, file.id)),
    fileName: file.originalName,
    size: file.sizeBytes,
  };
}

/**
 * Deletes the guest sessions that ended before `now`. An upgraded guest's rooms, messages and files
 * already belong to the new account and stay; a guest who never signed up takes their rooms with
 * them (the rows, and the rooms' files on disk once the rows are gone).
 */
export async function deleteEndedGuests(db: Database, uploadsDir: string, now: Date): Promise<number> {
  const ended = await db.transaction(async (transaction) => {
    const found = await repository.lockEndedGuests(transaction, now);
    await repository.deleteGuests(transaction, found.guestIds);
    return found;
  });
  for (const roomId of ended.roomIds) {
    await rm(chatFilesDirectory(uploadsDir, roomId), { recursive: true, force: true });
  }
  return ended.guestIds.length;
}
