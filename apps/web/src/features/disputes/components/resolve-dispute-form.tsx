import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_TEXTS,
  DISPUTE_OUTCOMES,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_RESOLUTION_MESSAGE_MAX,
  disputeResolveSchema,
  type Dispute,
  type DisputeResolve,
} from '@teamhire/shared';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';
import { SubmitButton } from '../../../components/ui/form-actions';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { showFieldErrors } from '../../../lib/form-errors';
import { numberOrUndefined } from '../../../lib/form-values';
import { useResolveDispute } from '../api/resolve-dispute';

export const RESOLVE_TEXTS = {
  done: 'Dispute resolved. Both sides have been told.',
  failed: 'Failed to resolve the dispute. Please try again.',
  confirmTitle: 'Resolve Dispute',
  confirmLabel: 'Yes, resolve',
} as const;

const OUTCOME_HINTS: Record<DisputeResolve['outcome'], string> = {
  release: 'The order is completed and the team is paid.',
  refund: 'The order is refunded: the buyer gets everything back.',
  partial_refund: 'The order is completed; the buyer gets the amount back and the team is paid the rest.',
};

/** The contract's rules, and the one it leaves to the server: a partial refund is less than the total. */
function resolveFormSchema(total: number) {
  return disputeResolveSchema.superRefine((value, context) => {
    if (
      value.outcome === 'partial_refund' &&
      value.refund_amount !== undefined &&
      value.refund_amount >= total
    ) {
      context.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: DELIVERY_TEXTS.refundAmountRange,
      });
    }
  });
}

type ResolveFormValues = Omit<DisputeResolve, 'outcome'> & { outcome: DisputeResolve['outcome'] | '' };

function describe(resolution: DisputeResolve, total: number): string {
  if (resolution.outcome === 'partial_refund' && resolution.refund_amount !== undefined) {
    return `Refund ${formatMoney(resolution.refund_amount)} of ${formatMoney(total)} to the buyer and pay the team the rest? This cannot be undone.`;
  }
  return `${DISPUTE_OUTCOME_LABELS[resolution.outcome]}: ${OUTCOME_HINTS[resolution.outcome]} This cannot be undone.`;
}

/** A general admin decides an open dispute: release, full refund or partial refund, with a message. */
export function ResolveDisputeForm({ dispute }: { dispute: Dispute }) {
  const resolve = useResolveDispute(dispute.id);
  const { showToast } = useToast();
  const total = dispute.order.total_amount;
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingResolution, setPendingResolution] = useState<DisputeResolve | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ResolveFormValues, unknown, DisputeResolve>({
    resolver: zodResolver(resolveFormSchema(total)) as Resolver<ResolveFormValues, unknown, DisputeResolve>,
    defaultValues: { outcome: '', message: '' },
    shouldUnregister: true,
  });
  const outcome = useWatch({ control, name: 'outcome' });

  const onSubmit = handleSubmit((resolution) => {
    setFailure(null);
    setPendingResolution(resolution);
  });

  const confirm = async () => {
    if (!pendingResolution) return;
    try {
      await resolve.mutateAsync(pendingResolution);
      showToast({ title: RESOLVE_TEXTS.done, variant: 'success' });
    } catch (error) {
      if (showFieldErrors(error, ['outcome', 'refund_amount', 'message'] as const, setError) === 0) {
        setFailure(error instanceof ApiError && error.detail ? error.detail : RESOLVE_TEXTS.failed);
      }
    } finally {
      setPendingResolution(null);
    }
  };

  return (
    <section
      aria-labelledby="resolve-dispute-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="resolve-dispute-title" className="text-lg font-semibold text-slate-900">
        Resolve
      </h2>
      <form
        noValidate
        aria-label="Resolve the dispute"
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <fieldset aria-describedby={errors.outcome ? 'resolve-outcome-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Outcome</legend>
          <div className="mt-2 flex flex-col gap-2">
            {DISPUTE_OUTCOMES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
              >
                <input type="radio" value={value} className="mt-1" {...register('outcome')} />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">
                    {DISPUTE_OUTCOME_LABELS[value]}
                  </span>
                  <span className="block text-xs text-slate-600">{OUTCOME_HINTS[value]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.outcome ? (
            <p id="resolve-outcome-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.outcome.message}
            </p>
          ) : null}
        </fieldset>
        {outcome === 'partial_refund' ? (
          <TextField
            label="Refund amount (USD)"
            type="number"
            inputMode="decimal"
            required
            min={0.01}
            max={total}
            step={0.01}
            hint={`More than $0.00 and less than the order total of ${formatMoney(total)}.`}
            error={errors.refund_amount?.message}
            {...register('refund_amount', { setValueAs: numberOrUndefined })}
          />
        ) : null}
        <TextAreaField
          label="Message to both sides"
          required
          maxLength={DISPUTE_RESOLUTION_MESSAGE_MAX}
          hint="At least 10 characters: the buyer and the team both read it."
          error={errors.message?.message}
          {...register('message')}
        />
        <div className="flex justify-end">
          <SubmitButton pending={resolve.isPending} icon={<Gavel aria-hidden="true" className="size-4" />}>
            Resolve Dispute
          </SubmitButton>
        </div>
      </form>
      <ConfirmationDialog
        open={pendingResolution !== null}
        onOpenChange={(open) => {
          if (!open && !resolve.isPending) setPendingResolution(null);
        }}
        title={RESOLVE_TEXTS.confirmTitle}
        description={pendingResolution ? describe(pendingResolution, total) : ''}
        confirmLabel={RESOLVE_TEXTS.confirmLabel}
        pending={resolve.isPending}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
