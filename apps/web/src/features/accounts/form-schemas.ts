import {
  ACCOUNT_TEXTS,
  changePasswordRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updateMeRequestSchema,
} from '@teamhire/shared';
import { z } from 'zod';

/*
 * The shared request schemas plus the confirmation fields that only the forms have. The comparison is
 * a separate half of an intersection: as a refinement of the shared object it would be skipped while
 * any field still has a problem, and the mismatch would only show after everything else is fixed.
 */

export const registrationFormSchema = z.intersection(
  registerRequestSchema.omit({ role: true }).extend({ confirm_password: z.string() }),
  z
    .object({ password: z.string(), confirm_password: z.string() })
    .refine((values) => values.password === values.confirm_password, {
      error: ACCOUNT_TEXTS.passwordsDoNotMatch,
      path: ['confirm_password'],
    }),
);

export const resetPasswordFormSchema = z.intersection(
  resetPasswordRequestSchema.pick({ new_password: true }).extend({ confirm_password: z.string() }),
  z
    .object({ new_password: z.string(), confirm_password: z.string() })
    .refine((values) => values.new_password === values.confirm_password, {
      error: ACCOUNT_TEXTS.passwordsDoNotMatch,
      path: ['confirm_password'],
    }),
);

export const changePasswordFormSchema = z.intersection(
  changePasswordRequestSchema.extend({ confirm_password: z.string() }),
  z
    .object({ new_password: z.string(), confirm_password: z.string() })
    .refine((values) => values.new_password === values.confirm_password, {
      error: ACCOUNT_TEXTS.newPasswordsDoNotMatch,
      path: ['confirm_password'],
    }),
);

/** The picture is chosen and checked apart from these fields (it is uploaded first). */
export const editProfileFormSchema = updateMeRequestSchema
  .pick({ username: true, email: true, full_name: true })
  .required({ username: true, email: true });
export type EditProfileFormValues = z.input<typeof editProfileFormSchema>;
