import type { User } from '@teamhire/shared';
import { useState } from 'react';

export type UserAvatarSize = 'sm' | 'md' | 'lg';

const sizeClassNames: Record<UserAvatarSize, string> = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-20 text-3xl',
};

export function userInitial(username: string): string {
  return username.trim().charAt(0).toUpperCase() || '?';
}

/**
 * The profile picture, or the first letter of the username when there is none or it fails to load.
 * Decorative: the name is always written next to it.
 */
export function UserAvatar({
  user,
  size = 'md',
}: {
  user: Pick<User, 'username' | 'profile_picture_url'>;
  size?: UserAvatarSize;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.profile_picture_url;
  const showPicture = url !== null && url !== '' && failedUrl !== url;

  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-600 font-bold text-white ${sizeClassNames[size]}`}
    >
      {showPicture ? (
        <img src={url} alt="" className="size-full object-cover" onError={() => setFailedUrl(url)} />
      ) : (
        userInitial(user.username)
      )}
    </span>
  );
}
