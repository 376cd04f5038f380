import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  disputeCreateSchema,
  type DisputeCreate,
} from '@teamhire/shared';
import { ShieldAlert } from 'lucide-react';
import type { Resolver } from 'react-hook-form';
import { DialogForm } from '../../../components/ui/dialog-form';
import { TextAreaField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast-context';
import { failureDetail, useServerForm } from '../../../lib/use-server-form';
import { useOpenDispute } from '../api/open-dispute';
import { OrderActionDialog, type OrderDialogProps } from './order-action-dialog';

export const DISPUTE_TEXTS = {
  title: 'Open Dispute',
  description:
    'A general admin reviews the order, its deliveries and your reasons, and decides. While the dispute is open the order does not complete by itself.',
  done: 'Dispute opened. A general admin will review it.',
  failed: 'Failed to open the dispute. Please try again.',
} as const;

/** The reason arrives from the select as '' until one is chosen; the schema then says 'Choose a reason'. */
type DisputeFormValues = Omit<DisputeCreate, 'reason'> & { reason: DisputeCreate['reason'] | '' };

function DisputeForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const openDispute = useOpenDispute(orderId);
  const { showToast } = useToast();
  const { register, errors, isSubmitting, failure, submit, showServerErrors } = useServerForm<
    DisputeFormValues,
    unknown,
    DisputeCreate
  >({
    resolver: zodResolver(disputeCreateSchema) as Resolver<DisputeFormValues, unknown, DisputeCreate>,
    defaultValues: { reason: '', details: '' },
  });

  const onSubmit = submit(
    async (dispute) => {
      await openDispute.mutateAsync(dispute);
      showToast({ title: DISPUTE_TEXTS.done, variant: 'success' });
      onDone();
    },
    (error) => showServerErrors(error, ['reason', 'details'], failureDetail(error, DISPUTE_TEXTS.failed)),
  );

  return (
    <DialogForm
      label="Open a dispute"
      failure={failure}
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitIcon={<ShieldAlert aria-hidden="true" className="size-4" />}
      submitLabel="Open Dispute"
    >
      <SelectField label="Reason" required error={errors.reason?.message} {...register('reason')}>
        <option value="">Choose a reason</option>
        {DISPUTE_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {DISPUTE_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Details"
        required
        maxLength={DISPUTE_DETAILS_MAX}
        hint="At least 20 characters: what went wrong and what you expect."
        error={errors.details?.message}
        {...register('details')}
      />
    </DialogForm>
  );
}

/** The buyer or the team asks a general admin to decide: a reason and the details. */
export function OpenDisputeDialog({ orderId, open, onOpenChange }: OrderDialogProps) {
  return (
    <OrderActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={DISPUTE_TEXTS.title}
      description={DISPUTE_TEXTS.description}
    >
      <DisputeForm orderId={orderId} onDone={() => onOpenChange(false)} />
    </OrderActionDialog>
  );
}
