import { describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTER_MESSAGE } from '@teamhire/shared';
import type { ErrorBody } from '../../test/accounts-helpers';
import { ROUTE_POLICY, type ActorName } from '../../test/authorization-policy';
import { routeWorldSuite, type MatrixRequest } from '../../test/route-world';

/**
 * Multipart forms pass the text rule REST bodies pass: a control character in a field value or in
 * the uploaded file's declared type is refused with REST's 422 on every upload route, and nothing is
 * stored. (Half a surrogate pair cannot be written in a form's UTF-8 at all.) The file's name is
 * cleaned rather than refused, as it always was (chat-files.test.ts, deliveries.test.ts).
 */
const BAD_TEXTS = ['x\u0000y', 'bell \u0007', 'escape \u001B[31m'];
const CALLERS: ActorName[] = ['teamAdmin', 'member', 'buyer', 'seller', 'guest', 'generalAdmin', 'visitor'];

/** Every route that reads a multipart form (each declared through platform/uploads.ts). */
const UPLOAD_ROUTES = [
  'POST /api/chat-rooms/:id/upload',
  'POST /api/orders/:id/files',
  'POST /api/teams/:id/logo',
  'POST /api/service-packages/:id/images',
  'POST /api/auth/upload-profile-picture',
];

type Multipart = NonNullable<MatrixRequest['multipart']>;

/** The form with a text field in front of its file, as a browser sends a field before the file. */
function withField(form: Multipart, name: string, value: string): Multipart {
  const field = `--${form.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return { ...form, payload: Buffer.concat([Buffer.from(field), form.payload]) };
}

/** The form with `text` added at `after` in its file's part (`filename="`, `Content-Type: `). */
function withFileText(form: Multipart, after: string, text: string): Multipart {
  const at = form.payload.indexOf(after) + after.length;
  const payload = Buffer.concat([form.payload.subarray(0, at), Buffer.from(text), form.payload.subarray(at)]);
  return { ...form, payload };
}

describe('multipart text rule', () => {
  const suite = routeWorldSuite();

  const cases = UPLOAD_ROUTES.flatMap((key) => [
    [key, 'a field value', 'body.note'] as const,
    [key, "the file's type", 'body.file.mimetype'] as const,
  ]);

  it.each(cases)('%s refuses a control character in %s with 422, storing nothing', async (key, _, path) => {
    const { world } = suite;
    const allowed = new Set(ROUTE_POLICY[key]);
    const caller = world.callers[CALLERS.find((name) => allowed.has(name)) ?? 'visitor'];
    const sample = await world.builders[key]!(caller);
    expect(sample.multipart, key).toBeDefined();
    const headers = sample.headers ?? caller.headers;
    for (const text of BAD_TEXTS) {
      const form =
        path === 'body.note'
          ? withField(sample.multipart!, 'note', text)
          : withFileText(sample.multipart!, 'Content-Type: ', text);
      const before = await world.fingerprint();
      const response = await world.inject('POST', { ...sample, multipart: form }, headers);
      expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(422);
      expect(response.json<ErrorBody>()).toEqual({
        code: 'validation',
        detail: FORBIDDEN_CHARACTER_MESSAGE,
        errors: [{ path, message: FORBIDDEN_CHARACTER_MESSAGE }],
      });
      expect(await world.fingerprint(), `${JSON.stringify(text)} refused yet changed what is stored`).toBe(
        before,
      );
    }
  });

  it('still takes a clean field, and cleans a file name rather than refusing it', async () => {
    const { world } = suite;
    const key = 'POST /api/chat-rooms/:id/upload';
    const caller = world.callers.buyer;
    const sample = await world.builders[key]!(caller);
    const form = withFileText(
      withField(sample.multipart!, 'note', 'a\tnote 🙂'),
      'filename="',
      '\u202E\u0007',
    );
    const response = await world.inject('POST', { ...sample, multipart: form }, caller.headers);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ file_name: string }>().file_name).toBe('notes.txt');
  });
});
