import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, {
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

/** A block of log lines is written once it reaches this size… */
export const LOG_BUFFER_BYTES = 4096;
/** …or, when traffic is light, at least this often. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * Standard output for the app's lines, written in blocks (decision 0066): one `write` per line was the
 * largest single cost of a small answer at `info`. Lines wait at most LOG_FLUSH_INTERVAL_MS. What is
 * buffered is written synchronously when the process exits, an uncaught error included (pino registers
 * that for an asynchronous destination), and the app flushes it when it closes; only a kill -9 can lose
 * the last second of lines.
 */
export function bufferedStandardOutput(): ReturnType<typeof pino.destination> {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
  });
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

/**
 * Fastify's request logging, made cheap: instead of two lines per request ("incoming request" with the
 * request serialized, "request completed" with the reply), one flat line when the answer is finished,
 * with the request id, method, path (never the query string, which may carry tokens), status and
 * response time in milliseconds. The line holds only those five values, which cannot carry a secret,
 * so it is written by a logger without redaction: pino's redaction runs every wildcard path over every
 * field of every line, which cost more than the rest of a small answer. Everything else (errors, a
 * stream that fails, a route's own lines) goes through the request's logger with redaction as before.
 */
export class AccessLogController extends LogController {
  private lines: Logger | undefined;

  /** The app's logger, whose destination the lines share; call once the Fastify instance exists. */
  writeTo(logger: FastifyBaseLogger): void {
    // Without a logger (LOG_LEVEL=silent) Fastify's stand-in writes nothing either way.
    if (typeof (logger as Logger).isLevelEnabled !== 'function') return;
    // Level `trace`: whether a request is logged is decided by its own logger (a route may set its level).
    this.lines = (logger as Logger).child({}, { level: 'trace', redact: [] });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || !this.lines) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    if (!(request.log as Logger).isLevelEnabled('info')) return;
    const url = request.url;
    const query = url.indexOf('?');
    this.lines.info(
      {
        reqId: request.id,
        method: request.method,
        path: query === -1 ? url : url.slice(0, query),
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
      },
      'request completed',
    );
  }
}
