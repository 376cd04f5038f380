import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: for refresh tokens and email links. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored; a database leak does not hand out working tokens. */
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');
