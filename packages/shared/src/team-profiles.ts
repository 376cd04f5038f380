import { z } from 'zod';
import { imageSetSchema } from './images';
import { technologySchema } from './catalogue';
import { reviewSchema } from './orders';
import { servicePackageSchema } from './packages';
import { TEAM_AVAILABILITY } from './teams';

/** How many of the newest reviews the public team page gets with the team; more come page by page. */
export const TEAM_PROFILE_REVIEWS = 5;

/** A member as strangers see them: no email, nothing private. */
export const teamProfileMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The full name when the member gave one, else the username. */
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  role: z.enum(['admin', 'member']),
});
export type TeamProfileMember = z.infer<typeof teamProfileMemberSchema>;

/** Computed from what happened (orders, deliveries, reviews, chat), never typed in. */
export const teamFiguresSchema = z.object({
  /** Orders completed. */
  completed_projects: z.number().int(),
  /** Mean of every review, one decimal; null without reviews. */
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  /** Orders whose first delivery came at or before their due date, over orders delivered (0-1); null when none was. */
  on_time_delivery_rate: z.number().nullable(),
  /** The orders the on-time rate is counted over. */
  delivered_orders: z.number().int(),
  /** Per conversation, from the customer's first message to the team's first answer after it; the median, in seconds. */
  median_response_seconds: z.number().int().nullable(),
  /** When the team was created. */
  member_since: z.string(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const ratingCountSchema = z.object({ rating: z.number().int(), count: z.number().int() });

/** `GET /api/teams/{id}/profile`: everything the public team page shows, in one answer. */
export const teamProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The team's logo; null without one (the page shows the team's initials). */
  logo: imageSetSchema.nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  availability: z.enum(TEAM_AVAILABILITY),
  member_count: z.number().int(),
  max_members: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  technologies: z.array(technologySchema),
  created_at: z.string(),
  members: z.array(teamProfileMemberSchema),
  /** Every published package, as the browse page's cards show them. */
  packages: z.array(servicePackageSchema),
  /** The newest reviews (TEAM_PROFILE_REVIEWS of them); `GET /api/teams/{id}/reviews` pages further. */
  reviews: z.array(reviewSchema),
  /** How many reviews gave each number of stars, 5 down to 1. */
  rating_distribution: z.array(ratingCountSchema),
  figures: teamFiguresSchema,
});
export type TeamProfile = z.infer<typeof teamProfileSchema>;
