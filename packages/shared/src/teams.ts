import { z } from 'zod';
import { technologySchema } from './catalogue';
import { imageSetSchema } from './images';
import { paginationQuerySchema } from './pagination';
import { TEAM_TEXTS as T } from './teams-texts';

export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 100;
export const TEAM_DESCRIPTION_MAX = 2000;
export const TEAM_SIZE_MIN = 2;
export const TEAM_EDIT_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 100;
export const TEAM_SIZE_DEFAULT = 10;
export const TEAM_SIZE_RECOMMENDED = { min: 5, max: 15 } as const;
export const TEAM_TECHNOLOGIES_MAX = 30;
export const APPLICATION_MESSAGE_MAX = 1000;
export const TEAM_BROWSE_PAGE_SIZE = 50;
export const TEAM_FINDER_PAGE_SIZE = 100;
export const TEAM_AVAILABILITY = ['available', 'busy', 'unavailable'] as const;
export type TeamAvailability = (typeof TEAM_AVAILABILITY)[number];
export const TEAM_SORTS = ['rating', 'projects', 'rate', 'newest'] as const;
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);

const teamName = z
  .string({ error: T.nameRequired })
  .trim()
  .min(1, { error: T.nameRequired, abort: true })
  .min(TEAM_NAME_MIN, { error: T.nameTooShort, abort: true })
  .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`);

const teamFields = {
  name: teamName,
  description: z
    .string()
    .trim()
    .max(TEAM_DESCRIPTION_MAX, `Description must be at most ${TEAM_DESCRIPTION_MAX} characters`)
    .nullish(),
  service_category_id: z.number({ error: 'Choose a service category' }).int().positive(),
  project_type_id: z.number().int().positive().nullish(),
  projects_sub_types_id: z.number().int().positive().nullish(),
  technology_ids: z
    .array(z.number().int().positive())
    .max(TEAM_TECHNOLOGIES_MAX, `Choose at most ${TEAM_TECHNOLOGIES_MAX} technologies`)
    .default([]),
};

export const teamCreateSchema = z.strictObject({
  ...teamFields,
  max_members: z
    .number({ error: T.sizeRange })
    .int(T.sizeRange)
    .min(TEAM_SIZE_MIN, T.sizeRange)
    .max(TEAM_SIZE_MAX, T.sizeRange)
    .default(TEAM_SIZE_DEFAULT),
});
export type TeamCreate = z.input<typeof teamCreateSchema>;

export const teamUpdateSchema = z.strictObject({
  ...teamFields,
  max_members: z
    .number({ error: T.editSizeRange })
    .int(T.editSizeRange)
    .min(TEAM_EDIT_SIZE_MIN, T.editSizeRange)
    .max(TEAM_SIZE_MAX, T.editSizeRange),
  is_active: z.boolean(),
});
export type TeamUpdate = z.input<typeof teamUpdateSchema>;

export const teamMetricsSchema = z.object({
  total_completed_projects: z.number().int(),
  avg_reviews: z.number(),
  total_reviews: z.number().int(),
});

export const teamMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.enum(['admin', 'member']),
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The team's logo (square, 96 px in `src`, 192 px in `srcset`); null without one. */
  logo: imageSetSchema.nullable(),
  member_count: z.number().int(),
  max_members: z.number().int(),
  is_active: z.boolean(),
  availability: z.enum(TEAM_AVAILABILITY),
  service_category_id: z.number().int().nullable(),
  service_category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  project_type_id: z.number().int().nullable(),
  project_type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  projects_sub_types_id: z.number().int().nullable(),
  project_sub_type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  technologies: z.array(technologySchema),
  admin_id: z.number().int(),
  admin: z.object({ id: z.number().int(), username: z.string(), profile_picture_url: z.string().nullable() }),
  /** The lowest price of its published packages, in dollars; null without any. */
  lowest_package_price: z.number().nullable(),
  team_metrics: teamMetricsSchema,
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
/** The teams one leads or belongs to, unpaginated. */
export const teamsSchema = z.array(teamSchema);

export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** Comma-separated ids in a query string: `technology_ids=3,7`. */
const idList = z
  .string()
  .max(1000)
  .regex(/^\d+(,\d+)*$/, 'Must be a comma-separated list of ids')
  .transform((value) => [...new Set(value.split(',').map(Number))]);

export const teamListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(TEAM_BROWSE_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  service_category_id: id.optional(),
  project_type_ids: idList.optional(),
  project_sub_type_id: id.optional(),
  technology_ids: idList.optional(),
  active_only: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(TEAM_SORTS).default('newest'),
});

export const teamListResponseSchema = z.object({
  items: z.array(teamSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type TeamList = z.infer<typeof teamListResponseSchema>;

export const teamApplyRequestSchema = z.strictObject({
  team_id: z.number({ error: 'Choose a team' }).int().positive(),
  application_message: z
    .string()
    .trim()
    .max(APPLICATION_MESSAGE_MAX, `Message must be at most ${APPLICATION_MESSAGE_MAX} characters`)
    .nullish(),
});

export const applicationDecisionSchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  response_message: z.string().trim().max(APPLICATION_MESSAGE_MAX).nullish(),
});
export type ApplicationDecision = z.input<typeof applicationDecisionSchema>;

export const teamApplicationSchema = z.object({
  id: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() }),
  user: z.object({ id: z.number().int(), username: z.string(), full_name: z.string().nullable() }),
  application_message: z.string().nullable(),
  applied_at: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  response_message: z.string().nullable(),
  responded_at: z.string().nullable(),
});
export type TeamApplication = z.infer<typeof teamApplicationSchema>;
export const teamApplicationsSchema = z.array(teamApplicationSchema);

export const applicationListQuerySchema = z.strictObject({ status: z.enum(APPLICATION_STATUSES).optional() });

export const teamMemberParamsSchema = z.strictObject({ id, userId: id });
