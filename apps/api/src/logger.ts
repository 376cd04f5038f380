import type { LoggerOptions } from 'pino';

/** Anything that could carry a secret is removed before a log line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-guest-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.card_number',
  '*.cvv',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // Query strings may carry tokens (verification links, guest sessions): log the path only.
        return { method: request.method, path: request.url.split('?')[0], ip: request.ip };
      },
    },
  };
}
