import { zodResolver } from '@hookform/resolvers/zod';
import { REVISION_MESSAGE_MAX, revisionRequestSchema, type RevisionRequest } from '@teamhire/shared';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextAreaField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useRequestRevision } from '../api/request-revision';

export const REVISION_TEXTS = {
  title: 'Request Revision',
  done: 'Revision requested. The team has been told.',
  failed: 'Failed to request a revision. Please try again.',
  left: (left: number, included: number) =>
    `${left} of ${included} ${included === 1 ? 'revision' : 'revisions'} left. Tell the team what to change; the due date stays the same.`,
} as const;

function RevisionForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const requestRevision = useRequestRevision(orderId);
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RevisionRequest>({
    resolver: zodResolver(revisionRequestSchema),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      await requestRevision.mutateAsync(request);
      showToast({ title: REVISION_TEXTS.done, variant: 'success' });
      onDone();
    } catch (error) {
      if (showFieldErrors(error, ['message'] as const, setError) === 0) {
        setFailure(error instanceof ApiError && error.detail ? error.detail : REVISION_TEXTS.failed);
      }
    }
  });

  return (
    <form
      noValidate
      aria-label="Request a revision"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextAreaField
        label="What should change?"
        required
        maxLength={REVISION_MESSAGE_MAX}
        hint="At least 10 characters."
        error={errors.message?.message}
        {...register('message')}
      />
      <FormActions
        cancel="dialog"
        pending={isSubmitting}
        submitIcon={<RotateCcw aria-hidden="true" className="size-4" />}
        submitLabel="Request Revision"
      />
    </form>
  );
}

/** The buyer sends the delivery back with what to change, while revisions remain. */
export function RequestRevisionDialog({
  orderId,
  revisionsLeft,
  revisionsIncluded,
  open,
  onOpenChange,
}: {
  orderId: number;
  revisionsLeft: number;
  revisionsIncluded: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={REVISION_TEXTS.title}
        description={REVISION_TEXTS.left(revisionsLeft, revisionsIncluded)}
      >
        <RevisionForm orderId={orderId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
