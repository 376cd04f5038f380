import { VERIFICATION_MESSAGE_MIN } from '@teamhire/shared';

/** The live counter under a verification message: the server counts the trimmed text. */
export function messageLengthHint(message: string | undefined): string {
  const length = (message ?? '').trim().length;
  if (length >= VERIFICATION_MESSAGE_MIN)
    return `${length} characters (minimum ${VERIFICATION_MESSAGE_MIN} reached)`;
  return `${length}/${VERIFICATION_MESSAGE_MIN} characters minimum (${VERIFICATION_MESSAGE_MIN - length} more needed)`;
}
