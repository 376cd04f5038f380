import { describe, expect, it } from 'vitest';
// Through the package's public surface, as the API and the web app import it.
import {
  CONTACT_COMPANY_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TEXTS,
  contactRequestSchema,
  EMAIL_PATTERN,
} from './index';

const valid = { name: 'Ada', email: 'ada@example.com', company: 'Engines', message: 'Hello' };

/** The messages of a refused payload, by field. */
function messages(payload: unknown): Record<string, string[]> {
  const result = contactRequestSchema.safeParse(payload);
  expect(result.success).toBe(false);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.') || '(root)';
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

describe('the contact texts', () => {
  it('are the specified texts', () => {
    expect(CONTACT_TEXTS.nameRequired).toBe('Name is required');
    expect(CONTACT_TEXTS.emailRequired).toBe('Email is required');
    expect(CONTACT_TEXTS.emailInvalid).toBe('Please enter a valid email address');
    expect(CONTACT_TEXTS.messageRequired).toBe('Message is required');
  });
});

describe('contactRequestSchema', () => {
  it('accepts a complete message and trims every field', () => {
    expect(
      contactRequestSchema.parse({
        name: ' Ada ',
        email: ' ada@example.com ',
        company: ' Engines ',
        message: ' Hi ',
      }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', company: 'Engines', message: 'Hi' });
  });

  it('keeps the company optional: missing, null or empty', () => {
    expect(
      contactRequestSchema.parse({ name: 'Ada', email: 'ada@example.com', message: 'Hi' }).company,
    ).toBeUndefined();
    expect(contactRequestSchema.parse({ ...valid, company: null }).company).toBeNull();
    expect(contactRequestSchema.parse({ ...valid, company: '  ' }).company).toBe('');
  });

  it.each([
    ['name', { email: 'ada@example.com', message: 'Hi' }],
    ['name', { ...valid, name: '' }],
    ['name', { ...valid, name: '  ' }],
    ['name', { ...valid, name: null }],
  ])('requires the %s: %j', (field, payload) => {
    expect(messages(payload)[field]).toEqual([CONTACT_TEXTS.nameRequired]);
  });

  it.each([[{ name: 'Ada', message: 'Hi' }], [{ ...valid, email: '' }], [{ ...valid, email: ' \t ' }]])(
    'requires the email: %j',
    (payload) => {
      expect(messages(payload).email).toEqual([CONTACT_TEXTS.emailRequired]);
    },
  );

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com', 'a@b@c'])(
    'refuses the address-less email %j with one text',
    (email) => {
      expect(messages({ ...valid, email }).email).toEqual([CONTACT_TEXTS.emailInvalid]);
    },
  );

  it('refuses an over-long email with the invalid-address text only', () => {
    const email = `${'a'.repeat(CONTACT_EMAIL_MAX + 1 - '@example.com'.length)}@example.com`;
    expect(messages({ ...valid, email }).email).toEqual([CONTACT_TEXTS.emailInvalid]);
    expect(contactRequestSchema.safeParse({ ...valid, email: email.slice(1) }).success).toBe(true);
  });

  it.each([
    [{ name: 'Ada', email: 'ada@example.com' }],
    [{ ...valid, message: '' }],
    [{ ...valid, message: '\n \n' }],
  ])('requires the message: %j', (payload) => {
    expect(messages(payload).message).toEqual([CONTACT_TEXTS.messageRequired]);
  });

  it('reports every invalid field together', () => {
    expect(messages({ name: '', email: 'x', message: ' ' })).toEqual({
      name: [CONTACT_TEXTS.nameRequired],
      email: [CONTACT_TEXTS.emailInvalid],
      message: [CONTACT_TEXTS.messageRequired],
    });
  });

  it.each([
    ['name', CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`],
    ['company', CONTACT_COMPANY_MAX, `Company must be at most ${CONTACT_COMPANY_MAX} characters`],
    ['message', CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`],
  ])('limits the %s to %i characters', (field, max, text) => {
    expect(contactRequestSchema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true);
    // Surrounding spaces are trimmed before the length is checked.
    expect(contactRequestSchema.safeParse({ ...valid, [field]: ` ${'x'.repeat(max)} ` }).success).toBe(true);
    expect(messages({ ...valid, [field]: 'x'.repeat(max + 1) })[field]).toEqual([text]);
  });

  it('refuses unknown fields', () => {
    const result = contactRequestSchema.safeParse({ ...valid, phone: '555' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('phone');
  });

  it('EMAIL_PATTERN accepts ordinary addresses', () => {
    for (const email of ['ada@example.com', 'ada.lovelace+work@mail.example.co.uk', 'A@B.IO']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    }
  });
});
