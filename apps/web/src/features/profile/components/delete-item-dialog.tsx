import * as DialogPrimitive from '@radix-ui/react-dialog';
import { PROFILE_TEXTS } from '@teamhire/shared';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * The confirmation before an item goes. Built on the Radix primitives rather than the shared
 * DialogContent because, once the item is deleted, the button that opened the dialog is gone with it:
 * focus must then go somewhere on purpose (onCloseAutoFocus) instead of falling back to the page body.
 */
export function DeleteItemDialog({
  open,
  itemLabel,
  itemName,
  onOpenChange,
  onConfirm,
  onDeletedFocus,
}: {
  open: boolean;
  itemLabel: string;
  itemName: string;
  onOpenChange: (open: boolean) => void;
  /** Rejects when the delete failed; the dialog then stays open and says so. */
  onConfirm: () => Promise<void>;
  onDeletedFocus: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const deleted = useRef(false);

  const confirm = async () => {
    setDeleting(true);
    setFailed(false);
    try {
      await onConfirm();
      deleted.current = true;
      onOpenChange(false);
    } catch {
      setFailed(true);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        // A delete on its way cannot be called back; the dialog waits for its answer.
        if (!deleting) onOpenChange(next);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            event.preventDefault();
            onDeletedFocus();
          }}
          className="dialog-content fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <DialogPrimitive.Title className="text-xl font-bold text-slate-900">
            {`Delete ${itemLabel}?`}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-slate-700">
            {`"${itemName}" will be removed from your profile. This cannot be undone.`}
          </DialogPrimitive.Description>
          {failed ? (
            <Alert variant="error" className="mt-4">
              {PROFILE_TEXTS.deleteFailed}
            </Alert>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogPrimitive.Close asChild>
              <Button variant="secondary" disabled={deleting}>
                Cancel
              </Button>
            </DialogPrimitive.Close>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={deleting}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none"
            >
              {deleting ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              ) : (
                <Trash2 aria-hidden="true" className="size-4" />
              )}
              Delete
            </button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
