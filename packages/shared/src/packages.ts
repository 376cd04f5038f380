import { z } from 'zod';
import { imageSetSchema, packageImageSchema } from './images';
import { paginationQuerySchema } from './pagination';
import { PACKAGE_SORTS, PACKAGE_TEXTS } from './package-values';

export {
  PACKAGE_BROWSE_PAGE_SIZE,
  PACKAGE_SORT_LABELS,
  PACKAGE_SORTS,
  PACKAGE_TEXTS,
  type PackageSort,
} from './package-values';

export const PACKAGE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_TITLE_MIN = 5;
export const PACKAGE_TITLE_MAX = 150;
export const PACKAGE_DESCRIPTION_MIN = 20;
export const PACKAGE_DESCRIPTION_MAX = 10_000;
export const PACKAGE_PRICE_MIN = 1;
export const PACKAGE_PRICE_MAX = 1_000_000;
export const PACKAGE_DURATION_MAX = 365;
/** Editing has no upper bound for the user; this only keeps the number sane. */
export const PACKAGE_EDIT_DURATION_MAX = 3650;
/** How many revision requests an order of the package includes. */
export const PACKAGE_REVISIONS_MIN = 0;
export const PACKAGE_REVISIONS_MAX = 10;
export const PACKAGE_REVISIONS_DEFAULT = 1;
const revisionsRange = `Revisions must be between ${PACKAGE_REVISIONS_MIN} and ${PACKAGE_REVISIONS_MAX}`;
const revisions = z
  .number({ error: revisionsRange })
  .int(revisionsRange)
  .min(PACKAGE_REVISIONS_MIN, revisionsRange)
  .max(PACKAGE_REVISIONS_MAX, revisionsRange);
export const PACKAGE_TAGS_MAX = 20;
export const PACKAGE_TAG_MAX_LENGTH = 40;
export const PACKAGE_PAGE_SIZE = 20;
export const PACKAGE_EXCERPT_LENGTH = 150;
export const PACKAGE_CARD_TAGS = 4;

/** Dollars with at most two decimals; stored as integer cents, so sums never round. */
const price = z
  .number({ error: PACKAGE_TEXTS.priceTooLow })
  .min(PACKAGE_PRICE_MIN, PACKAGE_TEXTS.priceTooLow)
  .max(PACKAGE_PRICE_MAX, `Price must be at most $${PACKAGE_PRICE_MAX.toLocaleString('en-US')}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals');

/** Comma-separated, as the form shows it; stored trimmed, without empties or repeats. */
export const tagsSchema = z
  .string()
  .max(1000)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ])
  .refine((tags) => tags.length <= PACKAGE_TAGS_MAX, `At most ${PACKAGE_TAGS_MAX} tags`)
  .refine(
    (tags) => tags.every((tag) => tag.length <= PACKAGE_TAG_MAX_LENGTH),
    `A tag can be at most ${PACKAGE_TAG_MAX_LENGTH} characters`,
  )
  .transform((tags) => tags.join(','));

const packageFields = {
  title: z
    .string({ error: PACKAGE_TEXTS.titleTooShort })
    .trim()
    .min(PACKAGE_TITLE_MIN, PACKAGE_TEXTS.titleTooShort)
    .max(PACKAGE_TITLE_MAX, `Title must be at most ${PACKAGE_TITLE_MAX} characters`),
  description: z
    .string({ error: PACKAGE_TEXTS.descriptionTooShort })
    .trim()
    .min(PACKAGE_DESCRIPTION_MIN, PACKAGE_TEXTS.descriptionTooShort)
    .max(PACKAGE_DESCRIPTION_MAX, `Description must be at most ${PACKAGE_DESCRIPTION_MAX} characters`),
  price,
  tags: tagsSchema.optional().default(''),
  requirements: z.string().trim().max(5000).nullish(),
  deliverables: z.string().trim().max(5000).nullish(),
};

export const packageCreateSchema = z.strictObject({
  team_id: z.number({ error: PACKAGE_TEXTS.teamRequired }).int().positive(PACKAGE_TEXTS.teamRequired),
  ...packageFields,
  duration_days: z
    .number({ error: PACKAGE_TEXTS.durationRange })
    .int(PACKAGE_TEXTS.durationRange)
    .min(1, PACKAGE_TEXTS.durationRange)
    .max(PACKAGE_DURATION_MAX, PACKAGE_TEXTS.durationRange),
  revisions: revisions.default(PACKAGE_REVISIONS_DEFAULT),
});
export type PackageCreate = z.input<typeof packageCreateSchema>;

export const packageUpdateSchema = z.strictObject({
  ...packageFields,
  duration_days: z
    .number({ error: PACKAGE_TEXTS.durationTooShort })
    .int(PACKAGE_TEXTS.durationTooShort)
    .min(1, PACKAGE_TEXTS.durationTooShort)
    .max(PACKAGE_EDIT_DURATION_MAX, `Duration must be at most ${PACKAGE_EDIT_DURATION_MAX} days`),
  /** Left out: the package keeps its current number. */
  revisions: revisions.optional(),
});
export type PackageUpdate = z.input<typeof packageUpdateSchema>;

export const servicePackageSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  duration_days: z.number().int(),
  /** Revision requests included in an order (0-10); shown as "N revisions". */
  revisions: z.number().int(),
  tags: z.string(),
  requirements: z.string().nullable(),
  deliverables: z.string().nullable(),
  status: z.enum(PACKAGE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** The gallery in its order, at gallery widths; the first is the card image. */
  images: z.array(packageImageSchema),
  /** The first gallery image at card widths; null without images. */
  cover_image: imageSetSchema.nullable(),
  /** The average of the package's reviews to one decimal; null without any. */
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    member_count: z.number().int(),
    max_members: z.number().int(),
    is_active: z.boolean(),
    created_at: z.string(),
    admin: z.object({ id: z.number().int(), username: z.string() }),
  }),
});
export type ServicePackage = z.infer<typeof servicePackageSchema>;
/** A team's or a seller's own packages, unpaginated. */
export const servicePackagesSchema = z.array(servicePackageSchema);

export const packageListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PACKAGE_PAGE_SIZE),
});
export const packageListResponseSchema = z.object({
  items: z.array(servicePackageSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type PackageList = z.infer<typeof packageListResponseSchema>;

export const packageSortSchema = z.enum(PACKAGE_SORTS, {
  error: `Unknown sort; use one of ${PACKAGE_SORTS.join(', ')}`,
});

export const packageSearchRequestSchema = z
  .strictObject({
    search_term: z.string().trim().max(200).nullish(),
    /** Any of these tags; a comma-separated string or a list. */
    tags: z
      .union([
        z.array(z.string().trim().max(PACKAGE_TAG_MAX_LENGTH)).max(PACKAGE_TAGS_MAX),
        z.string().max(1000),
      ])
      .nullish(),
    min_price: z.number().min(0).max(PACKAGE_PRICE_MAX).nullish(),
    max_price: z.number().min(0).max(PACKAGE_PRICE_MAX).nullish(),
    max_duration: z.number().int().min(1).max(PACKAGE_EDIT_DURATION_MAX).nullish(),
    team_name: z.string().trim().max(100).nullish(),
    /** The service category of the package's team. */
    category_id: z.number().int().positive().max(2_147_483_647).nullish(),
    sort: packageSortSchema.nullish(),
  })
  .refine(
    (value) => value.min_price == null || value.max_price == null || value.min_price <= value.max_price,
    {
      message: 'The minimum price cannot be above the maximum',
      path: ['min_price'],
    },
  );
export type PackageSearch = z.input<typeof packageSearchRequestSchema>;

export const myPackagesQuerySchema = z.strictObject({
  team_id: z.coerce.number().int().positive().optional(),
});
