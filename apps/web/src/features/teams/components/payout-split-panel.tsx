import { zodResolver } from '@hookform/resolvers/zod';
import {
  MONEY_TEXTS,
  PAYOUT_SHARE_PERCENT_MAX,
  PAYOUT_SHARE_PERCENT_MIN,
  payoutShareInputSchema,
  type PayoutShare,
  type PayoutSplit,
  type PayoutSplitUpdate,
} from '@teamhire/shared';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { SubmitButton } from '../../../components/ui/form-actions';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/queries/get-current-user';
import { usePayoutSplit } from '../api/get-payout-split';
import { useUpdatePayoutSplit } from '../api/update-payout-split';

export const PAYOUT_SPLIT_INTRO =
  'How the team’s part of each completed order is shared among its members. The split in force when an order is paid applies to that order.';

/** An input left empty reads as NaN: it adds nothing to the sum and the schema names the problem. */
function sumOfPercents(shares: readonly { percent: number }[] | undefined): number {
  return (shares ?? []).reduce((sum, share) => sum + (Number.isFinite(share.percent) ? share.percent : 0), 0);
}

function memberName(share: PayoutShare): string {
  return share.full_name ? `${share.username} (${share.full_name})` : share.username;
}

function AdminBadge() {
  return (
    <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">
      Admin
    </span>
  );
}

/**
 * The form checks each share; the sum is shown live and checked before sending. A sum error on the
 * list itself would stay on the form after the shares are corrected (react-hook-form keeps an error
 * set on an array path) and silently block the next save.
 */
const sharesFormSchema = z.strictObject({ shares: z.array(payoutShareInputSchema) });

/** The server names a share by its place in the list ('body.shares.1.percent'); the form does too. */
const SHARE_FIELD_PATH = /^(?:body\.)?shares\.(\d+)\.(percent|user_id)$/;

function PayoutSplitForm({ split }: { split: PayoutSplit }) {
  const update = useUpdatePayoutSplit(split.team_id);
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayoutSplitUpdate, unknown, PayoutSplitUpdate>({
    resolver: zodResolver(sharesFormSchema) as Resolver<PayoutSplitUpdate, unknown, PayoutSplitUpdate>,
    defaultValues: {
      shares: split.shares.map((share) => ({ user_id: share.user_id, percent: share.percent })),
    },
  });
  const watched = useWatch({ control, name: 'shares' });
  const total = sumOfPercents(watched);
  const complete = total === 100;

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      showToast({ title: MONEY_TEXTS.splitSaved, variant: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        setFailure(MONEY_TEXTS.splitSaveFailed);
        return;
      }
      let pinned = 0;
      for (const fieldError of error.fieldErrors) {
        const match = SHARE_FIELD_PATH.exec(fieldError.path);
        if (!match) continue;
        setError(
          `shares.${Number(match[1])}.percent`,
          { message: fieldError.message },
          { shouldFocus: pinned === 0 },
        );
        pinned += 1;
      }
      // What is not about one share (the sum, someone who left meanwhile) is said above the form.
      const unpinned = error.fieldErrors.filter((fieldError) => !SHARE_FIELD_PATH.test(fieldError.path));
      if (pinned === 0 || unpinned.length > 0) {
        setFailure(unpinned[0]?.message ?? error.detail ?? MONEY_TEXTS.splitSaveFailed);
      }
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a share submits the form even while Save is disabled: refuse it the same way.
    if (!complete) {
      event.preventDefault();
      return;
    }
    void save(event);
  };

  return (
    <form noValidate aria-label="Payout split" onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <ul aria-label="Shares" className="divide-y divide-slate-100">
        {split.shares.map((share, index) => {
          const inputId = `payout-share-${share.user_id}`;
          const error = errors.shares?.[index]?.percent?.message;
          return (
            <li key={share.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <p className="min-w-0 flex-1">
                <label htmlFor={inputId} className="font-semibold text-slate-900">
                  {memberName(share)}
                </label>
                {share.is_admin ? <AdminBadge /> : null}
              </p>
              <div className="flex flex-col items-end gap-1">
                <div className="flex items-center gap-2">
                  <input
                    id={inputId}
                    // The visible label is the name alone; the spoken one says what the number is.
                    aria-label={`Share of ${memberName(share)}`}
                    type="number"
                    inputMode="numeric"
                    min={PAYOUT_SHARE_PERCENT_MIN}
                    max={PAYOUT_SHARE_PERCENT_MAX}
                    step={1}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    className={`w-24 rounded-lg border bg-white px-3 py-2 text-right text-slate-900 shadow-sm focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 ${
                      error ? 'border-red-600' : 'border-slate-300'
                    }`}
                    {...register(`shares.${index}.percent`, { valueAsNumber: true })}
                  />
                  <span aria-hidden="true" className="text-slate-600">
                    %
                  </span>
                </div>
                {error ? (
                  <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
                    {error}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <div role="status" aria-live="polite">
          <p
            className={`font-semibold ${complete ? 'text-green-800' : 'text-slate-900'}`}
          >{`Total: ${total}%`}</p>
          {complete ? null : (
            <p id="payout-split-total-hint" className="text-sm font-medium text-red-700">
              {MONEY_TEXTS.splitMustTotal100}
            </p>
          )}
        </div>
        <SubmitButton
          pending={isSubmitting}
          disabled={!complete}
          aria-describedby={complete ? undefined : 'payout-split-total-hint'}
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          Save Split
        </SubmitButton>
      </div>
    </form>
  );
}

function PayoutSplitList({ split }: { split: PayoutSplit }) {
  return (
    <>
      <p className="mb-2 text-sm text-slate-600">Only the team admin can change the split.</p>
      <ul aria-label="Shares" className="divide-y divide-slate-100">
        {split.shares.map((share) => (
          <li key={share.user_id} className="flex items-center justify-between gap-3 py-3">
            <span className="font-semibold text-slate-900">
              {memberName(share)}
              {share.is_admin ? <AdminBadge /> : null}
            </span>
            <span className="font-semibold text-slate-900">{`${share.percent}%`}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The team's payout split: the team admin edits it; every other member (and anyone the server lets
 * read it) sees it without inputs.
 */
export function PayoutSplitPanel({ teamId }: { teamId: number }) {
  const split = usePayoutSplit(teamId);
  const user = useCurrentUser();

  if (split.isPending || user.isPending) return <LoadingStatus text="Loading the payout split..." />;
  if (split.isError || user.isError) {
    return (
      <ErrorWithRetry
        message={(split.error ?? user.error)?.message ?? MONEY_TEXTS.splitSaveFailed}
        onRetry={() => {
          void split.refetch();
          void user.refetch();
        }}
      />
    );
  }
  const viewerIsAdmin = split.data.shares.some((share) => share.is_admin && share.user_id === user.data.id);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{PAYOUT_SPLIT_INTRO}</p>
      {viewerIsAdmin ? (
        // A fresh form when the saved split changes, so the inputs start from what the server holds.
        <PayoutSplitForm key={split.data.updated_at ?? 'default'} split={split.data} />
      ) : (
        <PayoutSplitList split={split.data} />
      )}
    </div>
  );
}
