import type { Team, TeamAvailability } from '@teamhire/shared';
import { MessageSquare } from 'lucide-react';
import { Button, type ButtonSize } from '../ui/button';
import { useContactTeam } from '../../lib/contact-team';

export const CONTACT_BUTTON_LABELS: Record<TeamAvailability, string> = {
  available: 'Contact Team',
  busy: 'Join Waitlist',
  unavailable: 'Unavailable',
};

/** The label follows availability, so a buyer knows before writing; an inactive team cannot be contacted. */
export function ContactTeamButton({
  team,
  size = 'sm',
}: {
  team: Pick<Team, 'id' | 'name' | 'availability'>;
  size?: ButtonSize;
}) {
  const contactTeam = useContactTeam();
  const label = CONTACT_BUTTON_LABELS[team.availability];
  const unavailable = team.availability === 'unavailable';
  return (
    <Button
      size={size}
      variant={team.availability === 'available' ? 'primary' : 'secondary'}
      disabled={unavailable}
      aria-label={`${label}: ${team.name}`}
      onClick={() => contactTeam(team)}
    >
      {unavailable ? null : (
        <MessageSquare aria-hidden="true" className={size === 'lg' ? 'size-5' : 'size-4'} />
      )}
      {label}
    </Button>
  );
}
