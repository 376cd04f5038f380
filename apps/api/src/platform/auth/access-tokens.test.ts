import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@teamhire/shared';
import { createAccessTokens } from './access-tokens';

const secret = 'a-test-secret-of-enough-length-for-hs256-000000';
const claims = { userId: 42, sessionId: '6f1c1f7e-1a59-4a51-9a25-5b5b0b6a1a11' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('accepts its own token, again and again, and refuses a changed or foreign one', async () => {
    const tokens = createAccessTokens(secret);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' }),
    );
    expect(await tokens.verify(`${header}.${other.toString('base64url')}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeUndefined();
    expect(await createAccessTokens(`${secret}-other`).verify(token)).toBeUndefined();
  });

  it('refuses a token it accepted before once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-01-01T00:00:00Z');
    vi.setSystemTime(start);
    const tokens = createAccessTokens(secret);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(start.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(start.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('hands out claims the caller cannot change for the next one', async () => {
    const tokens = createAccessTokens(secret);
    const token = await tokens.issue(claims);
    const first = await tokens.verify(token);
    first!.userId = 7;
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
