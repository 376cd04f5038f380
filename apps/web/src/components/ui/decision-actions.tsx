import { zodResolver } from '@hookform/resolvers/zod';
import { Check, LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './button';
import { TextAreaField } from './form-field';
import { ConfirmationDialog } from './confirmation-dialog';

export interface Decision {
  status: 'approved' | 'rejected';
  response_message?: string | null;
}

export interface DecisionActionsProps {
  /** Who or what is decided on, for the accessible names: "ada's application". */
  subject: string;
  /** The shared decision schema, refined so that approving needs a response message. */
  schema: z.ZodType<Decision, Decision>;
  onDecide: (decision: Decision) => Promise<unknown>;
  pending: boolean;
  rejectTitle: string;
  rejectDescription: string;
}

/**
 * Approve opens a response box first and needs a message; reject asks for confirmation and takes an
 * optional reason. The response is what the applicant reads, so it is never skipped by accident.
 */
export function DecisionActions({
  subject,
  schema,
  onDecide,
  pending,
  rejectTitle,
  rejectDescription,
}: DecisionActionsProps) {
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const approval = useForm({
    resolver: zodResolver(schema),
    defaultValues: { status: 'approved', response_message: '' },
  });
  const rejection = useForm({
    resolver: zodResolver(schema),
    defaultValues: { status: 'rejected', response_message: '' },
  });

  const approve = approval.handleSubmit(async (decision) => {
    await onDecide(decision).then(
      () => {
        setApproving(false);
        approval.reset();
      },
      () => undefined,
    );
  });

  const reject = rejection.handleSubmit(async (decision) => {
    const message = decision.response_message?.trim();
    await onDecide({ status: 'rejected', response_message: message ? message : null }).then(
      () => {
        setRejecting(false);
        rejection.reset();
      },
      () => undefined,
    );
  });

  return (
    <div className="flex flex-col gap-3">
      {approving ? (
        <form noValidate onSubmit={approve} aria-label={`Approve ${subject}`} className="flex flex-col gap-3">
          <TextAreaField
            label="Response message"
            hint="Required to approve: the applicant reads it with the decision."
            required
            autoFocus
            className="min-h-24"
            error={approval.formState.errors.response_message?.message}
            {...approval.register('response_message')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setApproving(false);
                approval.reset();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={pending}>
              {pending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              ) : (
                <Check aria-hidden="true" className="size-4" />
              )}
              Confirm Approval
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Reject ${subject}`}
            onClick={() => setRejecting(true)}
            disabled={pending}
          >
            <X aria-hidden="true" className="size-4" />
            Reject
          </Button>
          <Button
            size="sm"
            aria-label={`Approve ${subject}`}
            onClick={() => setApproving(true)}
            disabled={pending}
          >
            <Check aria-hidden="true" className="size-4" />
            Approve
          </Button>
        </div>
      )}
      <ConfirmationDialog
        open={rejecting}
        onOpenChange={(open) => {
          setRejecting(open);
          if (!open) rejection.reset();
        }}
        title={rejectTitle}
        description={rejectDescription}
        confirmLabel="Reject"
        destructive
        pending={pending}
        onConfirm={() => void reject()}
      >
        <TextAreaField
          label="Reason"
          optional
          className="min-h-24"
          error={rejection.formState.errors.response_message?.message}
          {...rejection.register('response_message')}
        />
      </ConfirmationDialog>
    </div>
  );
}
