import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ACCOUNT_TEXTS as T, IMAGE_MAX_PIXELS, PROFILE_PICTURE_MAX_BYTES, type User } from '@teamhire/shared';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { inspectImageUpload } from '../../platform/images/image-files';
import { readAtMost } from '../../platform/uploads';
import { recordActivity } from '../activity/activity.service';
import * as repository from './accounts.repository';
import { AVATAR_URL_PREFIX, removeUploadedAvatar } from './avatar-files';
import { toUserResponse, type AccountsContext } from './accounts.service';

const AVATAR_SIZE_PX = 256;

/**
 * Stores a square, re-encoded copy of the picture under a generated name (the client's file name
 * is never used) and removes the previous upload. Re-encoding also strips metadata such as GPS.
 * The size is that of the bytes received, counted as they arrive: over 5 MB is 413 whatever the
 * picture inside (bytes padded after a small image included). Then the type is read from the bytes
 * by the same check as logos and gallery images: only JPEG, PNG and WebP pass (415 for anything
 * else, GIF and SVG included, whatever the declared type says), and a header claiming more than
 * 40 megapixels is 413 before anything is decoded. A file declared as something else than an image
 * is refused as well, as this endpoint always has.
 */
export async function replaceProfilePicture(
  context: AccountsContext,
  actor: Actor,
  upload: { stream: Readable; mimetype: string },
): Promise<User> {
  const content = await readAtMost(upload.stream, PROFILE_PICTURE_MAX_BYTES);
  if (!content) throw new AppError('payload_too_large', T.pictureTooLarge);
  if (!upload.mimetype.startsWith('image/')) throw new AppError('unsupported_media_type', T.pictureNotImage);
  await inspectImageUpload(content, T.pictureNotImage);
  let image: Buffer;
  try {
    image = await sharp(content, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('unsupported_media_type', T.pictureNotImage);
  }
  const fileName = `${randomUUID()}.webp`;
  await context.storage.put(`avatars/${fileName}`, image, { contentType: 'image/webp' });

  const found = await repository.findUserById(context.db, actor.id);
  if (!found) throw new AppError('unauthorized', T.notAuthenticated);
  const previous = found.user.profilePictureUrl;
  const updated = await context.db.transaction(async (transaction) => {
    const row = await repository.updateUser(transaction, actor.id, {
      profilePictureUrl: `${AVATAR_URL_PREFIX}${fileName}`,
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'profile.picture_updated',
      description: 'Changed profile picture',
    });
    return row!;
  });
  await removeUploadedAvatar(context.storage, previous);
  return toUserResponse(updated, found.verificationStatus);
}
