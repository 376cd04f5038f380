import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@teamhire/shared';

const ALGORITHM = 'HS256';
const AUDIENCE = 'teamhire-api';
const ISSUER = 'teamhire';
const TOKEN_TYPE = 'access';

export interface AccessTokenClaims {
  userId: number;
  /** The session (refresh-token family) the token was issued for; revoking it ends the token too. */
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** Undefined for anything but a valid, unexpired access token of this API. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ userId, sessionId }) =>
      new SignJWT({ typ: TOKEN_TYPE, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        // The algorithm is pinned: a token signed with anything else (or 'none') is refused.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          issuer: ISSUER,
        });
        const userId = Number(payload.sub);
        if (payload.typ !== TOKEN_TYPE || typeof payload.sid !== 'string' || !Number.isInteger(userId))
          return undefined;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
