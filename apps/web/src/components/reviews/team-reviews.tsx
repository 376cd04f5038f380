import { useTeamReviews } from '../../lib/queries/get-reviews';
import { ReviewsSection } from './reviews-section';

/** For a team's card or panel: every review of the team's packages, each naming its package. */
export function TeamReviews({ teamId }: { teamId: number }) {
  return <ReviewsSection reviews={useTeamReviews(teamId)} showPackage />;
}
