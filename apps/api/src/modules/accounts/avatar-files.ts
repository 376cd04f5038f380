import { rm } from 'node:fs/promises';
import { join } from 'node:path';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** Uploaded avatars are named `{uuid}.webp` by the server; nothing else is ever deleted. */
const AVATAR_FILE_NAME = /^[0-9a-f-]+\.webp$/;

export const avatarsDirectory = (uploadsDir: string) => join(uploadsDir, 'avatars');

/** Removes an uploaded avatar that a user no longer uses; any other URL is left alone. */
export async function removeUploadedAvatar(
  uploadsDir: string,
  url: string | null | undefined,
): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (AVATAR_FILE_NAME.test(name)) await rm(join(avatarsDirectory(uploadsDir), name), { force: true });
}
