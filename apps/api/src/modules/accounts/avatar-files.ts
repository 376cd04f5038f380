import { join } from 'node:path';
import type { Storage } from '../../platform/storage';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** Uploaded avatars are named `{uuid}.webp` by the server; nothing else is ever deleted. */
const AVATAR_FILE_NAME = /^[0-9a-f-]+\.webp$/;

/** Where the local driver keeps avatars (served from disk as static files). */
export const avatarsDirectory = (uploadsDir: string) => join(uploadsDir, 'avatars');

/** The storage key of an uploaded avatar's file name; undefined for any other name. */
export const avatarKey = (name: string) => (AVATAR_FILE_NAME.test(name) ? `avatars/${name}` : undefined);

/** Removes an uploaded avatar that a user no longer uses; any other URL is left alone. */
export async function removeUploadedAvatar(storage: Storage, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const key = avatarKey(url.slice(AVATAR_URL_PREFIX.length));
  if (key) await storage.delete(key);
}
