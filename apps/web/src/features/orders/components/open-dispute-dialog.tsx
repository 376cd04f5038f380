import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  disputeCreateSchema,
  type DisputeCreate,
} from '@teamhire/shared';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextAreaField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useOpenDispute } from '../api/open-dispute';

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisputeFormValues, unknown, DisputeCreate>({
    resolver: zodResolver(disputeCreateSchema) as Resolver<DisputeFormValues, unknown, DisputeCreate>,
    defaultValues: { reason: '', details: '' },
  });

  const onSubmit = handleSubmit(async (dispute) => {
    setFailure(null);
    try {
      await openDispute.mutateAsync(dispute);
      showToast({ title: DISPUTE_TEXTS.done, variant: 'success' });
      onDone();
    } catch (error) {
      if (showFieldErrors(error, ['reason', 'details'] as const, setError) === 0) {
        setFailure(error instanceof ApiError && error.detail ? error.detail : DISPUTE_TEXTS.failed);
      }
    }
  });

  return (
    <form
      noValidate
      aria-label="Open a dispute"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
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
      <FormActions
        cancel="dialog"
        pending={isSubmitting}
        submitIcon={<ShieldAlert aria-hidden="true" className="size-4" />}
        submitLabel="Open Dispute"
      />
    </form>
  );
}

/** The buyer or the team asks a general admin to decide: a reason and the details. */
export function OpenDisputeDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={DISPUTE_TEXTS.title} description={DISPUTE_TEXTS.description}>
        <DisputeForm orderId={orderId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
