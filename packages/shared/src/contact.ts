import { z } from 'zod';
import { CONTACT_TEXTS } from './texts';
import { CONTACT_COMPANY_MAX, CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './limits';

/** Address-shaped: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const contactRequestSchema = z.strictObject({
  name: z
    .string({ error: CONTACT_TEXTS.nameRequired })
    .trim()
    .min(1, CONTACT_TEXTS.nameRequired)
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ error: CONTACT_TEXTS.emailRequired })
    .trim()
    .min(1, { error: CONTACT_TEXTS.emailRequired, abort: true })
    .max(CONTACT_EMAIL_MAX, { error: CONTACT_TEXTS.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, CONTACT_TEXTS.emailInvalid),
  company: z
    .string()
    .trim()
    .max(CONTACT_COMPANY_MAX, `Company must be at most ${CONTACT_COMPANY_MAX} characters`)
    .nullish(),
  message: z
    .string({ error: CONTACT_TEXTS.messageRequired })
    .trim()
    .min(1, CONTACT_TEXTS.messageRequired)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
