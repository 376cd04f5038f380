import { z } from 'zod';
import { ACCOUNT_TEXTS as T } from './accounts-texts';
import { EMAIL_PATTERN } from './contact';
import { paginationQuerySchema } from './pagination';

export const USER_ROLES = ['USER', 'BUYER', 'SELLER', 'TEAM_ADMIN', 'GENERAL_ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * Self-registration picks one of these; every other role comes from a reviewed verification request, so
 * nobody grants themselves power.
 */
export const SELF_REGISTRATION_ROLES = ['SELLER', 'BUYER'] as const;
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_CHANGE_MIN = 8;
/** Long enough for any passphrase, short enough that hashing stays cheap to refuse. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const FULL_NAME_MAX = 100;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export const usernameSchema = z
  .string({ error: T.usernameRequired })
  .trim()
  .min(1, { error: T.usernameRequired, abort: true })
  .min(USERNAME_MIN, { error: T.usernameTooShort, abort: true })
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters long`)
  .regex(/^[A-Za-z0-9._-]+$/, T.usernameCharacters);

export const emailSchema = z
  .string({ error: T.emailRequired })
  .trim()
  .min(1, { error: T.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: T.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, T.emailInvalid);

const newPasswordSchema = (minimum: number, tooShort: string) =>
  z
    .string({ error: T.passwordRequired })
    .min(1, { error: T.passwordRequired, abort: true })
    .min(minimum, { error: tooShort, abort: true })
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const registerRequestSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema(PASSWORD_MIN, T.passwordTooShort),
  role: z.enum(SELF_REGISTRATION_ROLES, { error: 'Role must be SELLER or BUYER' }),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  username: z
    .string({ error: T.identifierRequired })
    .trim()
    .min(1, T.identifierRequired)
    .max(EMAIL_MAX, T.invalidCredentials),
  password: z
    .string({ error: T.passwordRequired })
    .min(1, T.passwordRequired)
    .max(PASSWORD_MAX, T.invalidCredentials),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshRequestSchema = z.strictObject({
  refresh_token: z.string({ error: T.noRefreshToken }).min(1, T.noRefreshToken).max(200),
});
export const logoutRequestSchema = z.strictObject({
  refresh_token: z.string().min(1).max(200).optional(),
});

export const changePasswordRequestSchema = z.strictObject({
  current_password: z
    .string({ error: T.currentPasswordRequired })
    .min(1, T.currentPasswordRequired)
    .max(PASSWORD_MAX),
  new_password: newPasswordSchema(PASSWORD_CHANGE_MIN, T.passwordChangeTooShort),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({
  email: z
    .string({ error: T.forgotEmailRequired })
    .trim()
    .min(1, { error: T.forgotEmailRequired, abort: true })
    .max(EMAIL_MAX, { error: T.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, T.emailInvalid),
});
export const sendVerificationRequestSchema = z.strictObject({ email: emailSchema });

export const resetPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: T.resetTokenInvalid })
    .trim()
    .min(1, T.resetTokenInvalid)
    .max(200, T.resetTokenInvalid),
  new_password: newPasswordSchema(PASSWORD_MIN, T.passwordTooShort),
});
export const verifyEmailRequestSchema = z.strictObject({
  token: z
    .string({ error: T.verifyMissingToken })
    .trim()
    .min(1, T.verifyMissingToken)
    .max(200, T.verifyMissingToken),
});

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_verified: z.boolean(),
  email_verified: z.boolean(),
  profile_picture_url: z.string().nullable(),
  verification_status: z.enum(VERIFICATION_STATUSES).nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Only these four fields may be changed by their owner; role and verification belong to the review. */
export const updateMeRequestSchema = z.strictObject({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  full_name: z
    .string()
    .trim()
    .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters long`)
    .nullable()
    .optional(),
  profile_picture_url: z
    .string()
    .trim()
    .max(500)
    .regex(
      /^(\/uploads\/[A-Za-z0-9/_.-]+|https?:\/\/\S+)$/,
      'Profile picture must be an uploaded image or an http(s) URL',
    )
    .nullable()
    .optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

export const profilePictureResponseSchema = z.object({ profile_picture_url: z.string() });

/**
 * What the signed-in user may do; the server computes it from the role and its verification, so the web app
 * never decides.
 */
export const navigationSchema = z.object({
  can_create_team: z.boolean(),
  can_manage_team: z.boolean(),
  can_apply_to_teams: z.boolean(),
  can_create_service_packages: z.boolean(),
  can_purchase_services: z.boolean(),
  can_view_orders: z.boolean(),
  can_review_verifications: z.boolean(),
  requires_verification: z.boolean(),
  is_verified: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES).nullable(),
});
export type Navigation = z.infer<typeof navigationSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  description: z.string(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const activityListResponseSchema = z.object({
  items: z.array(activityEntrySchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type ActivityList = z.infer<typeof activityListResponseSchema>;
