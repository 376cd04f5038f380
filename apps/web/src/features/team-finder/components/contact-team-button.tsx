import type { Team, TeamAvailability } from '@teamhire/shared';
import { MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useContactTeam } from '../../../lib/contact-team';

export const CONTACT_BUTTON_LABELS: Record<TeamAvailability, string> = {
  available: 'Contact Team',
  busy: 'Join Waitlist',
  unavailable: 'Unavailable',
};

/** The label follows availability, so a buyer knows before writing; an inactive team cannot be contacted. */
export function ContactTeamButton({ team }: { team: Pick<Team, 'id' | 'name' | 'availability'> }) {
  const contactTeam = useContactTeam();
  const label = CONTACT_BUTTON_LABELS[team.availability];
  const unavailable = team.availability === 'unavailable';
  return (
    <Button
      size="sm"
      variant={team.availability === 'available' ? 'primary' : 'secondary'}
      disabled={unavailable}
      aria-label={`${label}: ${team.name}`}
      onClick={() => contactTeam(team)}
    >
      {unavailable ? null : <MessageSquare aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
