import type { FastifyBaseLogger } from 'fastify';
import {
  stdSerializers,
  type Bindings,
  type ChildLoggerOptions,
  type Logger,
  type LoggerOptions,
} from 'pino';

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

/**
 * Fields of database errors that repeat what a user sent: PostgreSQL's `detail` ("Key (email)=(…)
 * already exists") and `where`, and the query parameters Drizzle and pg attach.
 */
const ECHOING_FIELDS = new Set(['detail', 'where', 'params', 'parameters', 'internalQuery']);
const REDACTED = '[redacted]';

/** Drizzle's message is "Failed query: <sql>\nparams: <values>"; the values leave, the SQL stays. */
function echoedParameters(error: unknown): string[] {
  const texts: string[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth += 1) {
    for (const key of ['params', 'parameters']) {
      const value = (current as Record<string, unknown>)[key];
      if (Array.isArray(value) && value.length > 0) texts.push(`params: ${String(value)}`);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return texts;
}

function withoutEchoes(value: unknown, echoes: string[]): unknown {
  if (typeof value === 'string') {
    return echoes.reduce((text, echo) => text.replaceAll(echo, `params: ${REDACTED}`), value);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ECHOING_FIELDS.has(key))
      .map(([key, item]) => [key, withoutEchoes(item, echoes)]),
  );
}

/** Pino's error serializer, minus whatever a failed query would repeat of the user's input. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return withoutEchoes(stdSerializers.err(error), echoedParameters(error));
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // Query strings may carry tokens (verification links, guest sessions): log the path only.
        return { method: request.method, path: request.url.split('?')[0], ip: request.ip };
      },
    },
  };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a real pino child the first time it writes a line. Fastify makes a
 * child for every request, which binds the request id and costs about as much as the rest of a small
 * answer; at the usual levels most requests never write one. Writes the same lines as the child would.
 */
class RequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  private write(method: LogMethod, args: unknown[]): void {
    if (!this.made && !this.parent.isLevelEnabled(method)) return;
    (this.real()[method] as (...values: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a route with its own level (or a logger that is not pino's) gets its
 * child at once, every other request a lazy one.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as Logger;
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return parent.child(bindings, options);
  }
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
