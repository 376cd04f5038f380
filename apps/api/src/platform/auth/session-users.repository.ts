import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { refreshTokens, users } from '../../db/schema/index';

/**
 * The actor of a request: the user of a valid access token, only while the session the token was
 * issued for is still open (logout, password change and reset close sessions at once).
 */
export async function findActiveSessionUser(db: DatabaseOrTransaction, userId: number, sessionId: string) {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId}
          and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null
          and ${refreshTokens.expiresAt} > now())`,
      ),
    );
  return row?.user;
}
