import { TEAM_PROFILE_REVIEWS, type TeamProfile } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { listTeamPackages } from '../packages/packages.service';
import { listTeamReviews } from '../reviews/reviews.service';
import { getTeam } from '../teams/teams.service';
import * as repository from './team-profiles.repository';

/**
 * The public team page: the team, its people, what it sells, what buyers said and how it works, for
 * anyone, signed in or not. Every team is public, an inactive one too (the team list shows it as
 * unavailable); nothing private leaves: members carry no email. An unknown team is a 404.
 */
export async function getTeamProfile(db: Database, teamId: number): Promise<TeamProfile> {
  const [team, packages, reviews, events] = await Promise.all([
    getTeam(db, teamId),
    listTeamPackages(db, teamId),
    listTeamReviews(db, teamId, { skip: 0, limit: TEAM_PROFILE_REVIEWS }),
    repository.teamEventFigures(db, teamId),
  ]);
  return {
    id: team.id,
    name: team.name,
    logo: team.logo,
    description: team.description,
    is_active: team.is_active,
    availability: team.availability,
    member_count: team.member_count,
    max_members: team.max_members,
    category: team.service_category,
    technologies: team.technologies,
    created_at: team.created_at,
    members: team.members.map((member) => ({
      id: member.id,
      username: member.username,
      display_name: member.full_name?.trim() || member.username,
      avatar_url: member.profile_picture_url,
      role: member.role,
    })),
    packages,
    reviews: reviews.items,
    rating_distribution: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      count: events.ratingCounts[rating - 1] ?? 0,
    })),
    figures: {
      completed_projects: team.team_metrics.total_completed_projects,
      average_rating: reviews.average_rating,
      review_count: reviews.total,
      on_time_delivery_rate:
        events.deliveredOrders === 0 ? null : events.onTimeOrders / events.deliveredOrders,
      delivered_orders: events.deliveredOrders,
      median_response_seconds: events.medianResponseSeconds,
      member_since: team.created_at,
    },
  };
}
