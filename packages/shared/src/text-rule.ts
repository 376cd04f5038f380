/**
 * One rule for every text a client sends: characters PostgreSQL cannot store (NUL), that cannot be
 * encoded as UTF-8 (a lone half of a surrogate pair), or that no form can show (the other C0 control
 * characters) are refused. Tab, line feed and carriage return stay allowed, since multi-line text
 * holds them; the API applies the same rule to every field, whatever its schema.
 */
export const FORBIDDEN_CHARACTER_MESSAGE = 'This text contains characters that are not allowed';

const FORBIDDEN_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTER.test(text);
}

// Parsed JSON, query strings (whose objects may have a prototype without Object's) and route
// parameters: a Buffer or a stream is not text.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

export interface TextIssue {
  path: string;
  message: string;
}

/**
 * Whether any string in the value (object keys included) breaks the rule. Allocates nothing, so the
 * API can run it on every part of every request and list the issues (below) only when there are some.
 */
export function containsForbiddenText(value: unknown): boolean {
  if (typeof value === 'string') return hasForbiddenCharacters(value);
  if (Array.isArray(value)) {
    for (const item of value) if (containsForbiddenText(item)) return true;
    return false;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasForbiddenCharacters(key) || containsForbiddenText(value[key])) return true;
  }
  return false;
}

/**
 * Every string in the value (object keys included) that breaks the rule, with its dotted path from
 * `path` (`body.items.0.name`), the shape the API's and the forms' field errors use.
 */
export function forbiddenTextIssues(value: unknown, path = ''): TextIssue[] {
  const issues: TextIssue[] = [];
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value)) issues.push({ path, message: FORBIDDEN_CHARACTER_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => issues.push(...forbiddenTextIssues(item, join(index))));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) issues.push({ path: join(key), message: FORBIDDEN_CHARACTER_MESSAGE });
      issues.push(...forbiddenTextIssues(item, join(key)));
    }
  }
  return issues;
}

/**
 * Characters that reorder how text is displayed (right-to-left override and embedding, isolates,
 * directional marks): kept in a file name they make `invoice\u202Egpj.exe` look like `invoiceexe.jpg`.
 */
const BIDIRECTIONAL_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL_OR_LONE_SURROGATE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const FILE_NAME_MAX_LENGTH = 200;

/**
 * The name an uploaded file is stored and shown under: the last path segment of what the client
 * sent, without control characters, bidirectional controls or unpaired surrogates, trimmed and
 * bounded. Used for display only, never as a path on disk.
 */
export function cleanFileName(clientName: string | undefined, fallback = 'file'): string {
  const lastSegment = (clientName ?? '').replaceAll('\\', '/').split('/').filter(Boolean).pop() ?? '';
  const name = lastSegment
    .replace(CONTROL_OR_LONE_SURROGATE, '')
    .replace(BIDIRECTIONAL_CONTROL, '')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH)
    // Cutting may leave half a surrogate pair at the end.
    .replace(CONTROL_OR_LONE_SURROGATE, '');
  return name || fallback;
}
