import type { TeamDetail } from '@teamhire/shared';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TeamForm } from './team-form';

export function EditTeamDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Team">
        <TeamForm team={team} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
