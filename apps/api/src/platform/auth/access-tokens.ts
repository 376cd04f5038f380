import { createHmac, randomUUID } from 'node:crypto';
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
  /**
   * With `issuedAt` and `tokenId` the token is a pure function of its inputs: the same session and
   * moment give the same token, so an answer can be repeated exactly.
   */
  issue(claims: AccessTokenClaims, options?: { issuedAt: Date; tokenId: string }): Promise<string>;
  /**
   * The refresh token that follows the given one, derived with the signing key: whoever presents a
   * token again within the grace gets the same successor, and nobody can derive one without the key.
   */
  successorOf(refreshToken: string): string;
  /** Undefined for anything but a valid, unexpired access token of this API. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

/** How many verified tokens are remembered; past it the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A client presents the same token with every request and socket until it expires, and checking
  // its signature through WebCrypto cost a few hundred µs of CPU each time (a reconnect storm of
  // 2,000 sockets spent seconds on it). Signature and claims are a pure function of the token and
  // the clock, so a verified token is remembered until its expiry; whether its session still lives
  // is checked by the caller every time, as before.
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  // A key of its own for successors, so that it never signs anything a JWT check would accept.
  const successorKey = createHmac('sha256', secret).update('refresh-token-successor').digest();
  return {
    issue: ({ userId, sessionId }, options) => {
      const issuedAtSeconds = Math.floor((options?.issuedAt ?? new Date()).getTime() / 1000);
      return new SignJWT({ typ: TOKEN_TYPE, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setJti(options?.tokenId ?? randomUUID())
        .setIssuedAt(issuedAtSeconds)
        .setExpirationTime(issuedAtSeconds + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    successorOf: (refreshToken) =>
      createHmac('sha256', successorKey).update(refreshToken).digest('base64url'),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { ...known.claims };
        verified.delete(token);
      }
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
        const claims = { userId, sessionId: payload.sid };
        if (payload.exp !== undefined) {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        }
        return { ...claims };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
