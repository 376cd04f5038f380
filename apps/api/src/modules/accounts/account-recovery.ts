import { ACCOUNT_TEXTS as T, type MessageResponse } from '@teamhire/shared';
import { AppError } from '../../platform/errors';
import { endSocketSessions } from '../../platform/realtime/socket-rights';
import { digestToken } from '../../platform/auth/secret-tokens';
import { recordActivity } from '../activity/activity.service';
import * as repository from './accounts.repository';
import { RATE_LIMITS, sendEmailLink, type AccountsContext } from './accounts.service';

// The emailed links: asking for a password reset or a verification link (sendEmailLink in
// accounts.service.ts issues and mails the one-time token), then using the link to set a new password
// or confirm the address.

export async function requestPasswordReset(
  context: AccountsContext,
  input: { email: string },
  clientAddress: string,
): Promise<MessageResponse> {
  const email = input.email.toLowerCase();
  await context.limiter.hit(RATE_LIMITS.passwordResetPerAddress, clientAddress);
  await context.limiter.hit(RATE_LIMITS.passwordResetPerEmail, email);
  const user = await repository.findUserByEmail(context.db, email);
  if (user?.isActive)
    await context.db.transaction((transaction) =>
      sendEmailLink(context, transaction, user, 'password_reset'),
    );
  // The same answer whether or not the address has an account.
  return { message: T.forgotSuccess };
}

export async function resetPassword(
  context: AccountsContext,
  input: { token: string; new_password: string },
): Promise<MessageResponse> {
  const tokenHash = digestToken(input.token);
  // A hash costs 0.3 s and 128 MiB and this endpoint has no rate limit: a made-up or spent link
  // is refused before paying for one. Consuming the token below still decides single use.
  if (!(await repository.isOneTimeTokenUsable(context.db, tokenHash, 'password_reset'))) {
    throw new AppError('bad_request', T.resetTokenExpired);
  }
  const passwordHash = await context.passwordHasher.hash(input.new_password);
  const reset = await context.db.transaction(async (transaction) => {
    const userId = await repository.consumeOneTimeToken(transaction, tokenHash, 'password_reset');
    if (userId === undefined) return false;
    // The link proved the address is theirs, so it counts as verified too.
    await repository.updateUser(transaction, userId, { passwordHash, emailVerified: true });
    await repository.revokeUserSessions(transaction, userId);
    await recordActivity(transaction, {
      userId,
      action: 'auth.password_reset',
      description: 'Reset password by email and signed out every session',
    });
    return userId;
  });
  if (reset === false) throw new AppError('bad_request', T.resetTokenExpired);
  await endSocketSessions(context.bus, { kind: 'user', id: reset });
  return { message: T.resetSuccess };
}

export async function requestEmailVerification(
  context: AccountsContext,
  input: { email: string },
  clientAddress: string,
): Promise<MessageResponse> {
  const email = input.email.toLowerCase();
  await context.limiter.hit(RATE_LIMITS.verificationPerAddress, clientAddress);
  await context.limiter.hit(RATE_LIMITS.verificationPerEmail, email);
  const user = await repository.findUserByEmail(context.db, email);
  if (user?.isActive && !user.emailVerified) {
    await context.db.transaction((transaction) =>
      sendEmailLink(context, transaction, user, 'email_verification'),
    );
  }
  return { message: T.verificationSent };
}

export async function verifyEmail(
  context: AccountsContext,
  input: { token: string },
): Promise<MessageResponse> {
  const verified = await context.db.transaction(async (transaction) => {
    const userId = await repository.consumeOneTimeToken(
      transaction,
      digestToken(input.token),
      'email_verification',
    );
    if (userId === undefined) return false;
    await repository.updateUser(transaction, userId, { emailVerified: true });
    await recordActivity(transaction, {
      userId,
      action: 'auth.email_verified',
      description: 'Verified email address',
    });
    return true;
  });
  if (!verified) throw new AppError('bad_request', T.verifyTokenExpired);
  return { message: T.verifySuccess };
}
