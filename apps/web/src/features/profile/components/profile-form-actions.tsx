import { LoaderCircle, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';

export function ProfileFormActions({ saving }: { saving: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={saving}>
        {saving ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        ) : (
          <Save aria-hidden="true" className="size-4" />
        )}
        Save
      </Button>
    </div>
  );
}
