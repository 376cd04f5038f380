import { ACCOUNT_TEXTS, PROFILE_PICTURE_MAX_BYTES } from '@teamhire/shared';

/** Checked before uploading, so a wrong file never leaves the browser. */
export function profilePictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return ACCOUNT_TEXTS.pictureNotImage;
  if (file.size >= PROFILE_PICTURE_MAX_BYTES) return ACCOUNT_TEXTS.pictureTooLarge;
  return null;
}
