import { z } from 'zod';
import { USER_ROLES, VERIFICATION_STATUSES, type UserRole } from './accounts';
import { paginationQuerySchema } from './pagination';
import { VERIFICATION_TEXTS as T } from './teams-texts';

export const VERIFICATION_MESSAGE_MIN = 50;
export const VERIFICATION_MESSAGE_MAX = 2000;
export const VERIFICATION_PENDING_PAGE_SIZE = 50;

/** Part 2 §6: the upgrades each role may ask for. */
export const ROLE_UPGRADES: Record<UserRole, readonly UserRole[]> = {
  USER: ['TEAM_ADMIN', 'GENERAL_ADMIN', 'BUYER', 'SELLER'],
  BUYER: ['TEAM_ADMIN', 'SELLER'],
  SELLER: ['TEAM_ADMIN'],
  TEAM_ADMIN: ['GENERAL_ADMIN'],
  GENERAL_ADMIN: [],
};

export const ROLE_LABELS: Record<UserRole, string> = {
  USER: 'User',
  BUYER: 'Buyer',
  SELLER: 'Seller',
  TEAM_ADMIN: 'Team Admin',
  GENERAL_ADMIN: 'General Admin',
};

export const verificationRequestCreateSchema = z.strictObject({
  requested_role: z.enum(USER_ROLES, { error: 'Choose the role you are asking for' }),
  request_message: z
    .string({ error: T.reasonRequired })
    .trim()
    .min(1, { error: T.reasonRequired, abort: true })
    .min(VERIFICATION_MESSAGE_MIN, { error: T.messageTooShort, abort: true })
    .max(
      VERIFICATION_MESSAGE_MAX,
      `Verification message must be at most ${VERIFICATION_MESSAGE_MAX} characters`,
    ),
  documents_url: z
    .string()
    .trim()
    .max(500, T.documentsUrlInvalid)
    .regex(/^https?:\/\/\S+$/, T.documentsUrlInvalid)
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type VerificationRequestCreate = z.input<typeof verificationRequestCreateSchema>;

export const verificationDecisionSchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  response_message: z.string().trim().max(2000).nullish(),
});
export type VerificationDecision = z.input<typeof verificationDecisionSchema>;

export const verificationRequestSchema = z.object({
  id: z.number().int(),
  requested_role: z.enum(USER_ROLES),
  current_role: z.enum(USER_ROLES),
  request_message: z.string(),
  documents_url: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  requested_at: z.string(),
  verified_at: z.string().nullable(),
  verified_by: z.object({ username: z.string() }).nullable(),
  response_message: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;
export const verificationRequestsSchema = z.array(verificationRequestSchema);

export const pendingVerificationQuerySchema = paginationQuerySchema.extend({
  role_filter: z.enum(USER_ROLES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(VERIFICATION_PENDING_PAGE_SIZE),
});

export const verificationStatsSchema = z.object({
  pending_requests: z.number().int(),
  approved_requests: z.number().int(),
  rejected_requests: z.number().int(),
  total_requests: z.number().int(),
});
export type VerificationStats = z.infer<typeof verificationStatsSchema>;
