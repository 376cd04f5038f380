import { PackageCard } from '../features/packages/components/package-card';
import { TeamPage } from '../features/teams/team-page';

/** The public team page, with the packages feature's cards for what the team sells. */
export function PublicTeamPage() {
  return <TeamPage PackageCard={PackageCard} />;
}
