import { zodResolver } from '@hookform/resolvers/zod';
import { REVISION_MESSAGE_MAX, revisionRequestSchema, type RevisionRequest } from '@teamhire/shared';
import { RotateCcw } from 'lucide-react';
import { DialogForm } from '../../../components/ui/dialog-form';
import { TextAreaField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { failureDetail, useServerForm } from '../../../lib/use-server-form';
import { useRequestRevision } from '../api/request-revision';
import { OrderActionDialog, type OrderDialogProps } from './order-action-dialog';

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
  const { register, errors, isSubmitting, failure, submit, showServerErrors } =
    useServerForm<RevisionRequest>({
      resolver: zodResolver(revisionRequestSchema),
      defaultValues: { message: '' },
    });

  const onSubmit = submit(
    async (request) => {
      await requestRevision.mutateAsync(request);
      showToast({ title: REVISION_TEXTS.done, variant: 'success' });
      onDone();
    },
    (error) => showServerErrors(error, ['message'], failureDetail(error, REVISION_TEXTS.failed)),
  );

  return (
    <DialogForm
      label="Request a revision"
      failure={failure}
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitIcon={<RotateCcw aria-hidden="true" className="size-4" />}
      submitLabel="Request Revision"
    >
      <TextAreaField
        label="What should change?"
        required
        maxLength={REVISION_MESSAGE_MAX}
        hint="At least 10 characters."
        error={errors.message?.message}
        {...register('message')}
      />
    </DialogForm>
  );
}

/** The buyer sends the delivery back with what to change, while revisions remain. */
export function RequestRevisionDialog({
  orderId,
  revisionsLeft,
  revisionsIncluded,
  open,
  onOpenChange,
}: OrderDialogProps & { revisionsLeft: number; revisionsIncluded: number }) {
  return (
    <OrderActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={REVISION_TEXTS.title}
      description={REVISION_TEXTS.left(revisionsLeft, revisionsIncluded)}
    >
      <RevisionForm orderId={orderId} onDone={() => onOpenChange(false)} />
    </OrderActionDialog>
  );
}
