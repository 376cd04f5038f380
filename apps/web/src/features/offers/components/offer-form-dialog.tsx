import { zodResolver } from '@hookform/resolvers/zod';
import {
  OFFER_DESCRIPTION_MAX,
  OFFER_DESCRIPTION_MIN,
  OFFER_DURATION_MAX,
  OFFER_DURATION_MIN,
  OFFER_EXPIRES_IN_DAYS_DEFAULT,
  OFFER_EXPIRES_IN_DAYS_MAX,
  OFFER_EXPIRES_IN_DAYS_MIN,
  OFFER_PRICE_MAX,
  OFFER_PRICE_MIN,
  OFFER_REVISIONS_MAX,
  OFFER_REVISIONS_MIN,
  OFFER_TEXTS,
  OFFER_TITLE_MAX,
  offerCreateSchema,
  type OfferCreate,
} from '@teamhire/shared';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogForm } from '../../../components/ui/dialog-form';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { numberOrUndefined } from '../../../lib/form-values';
import { failureDetail, useServerForm } from '../../../lib/use-server-form';
import { useCreateOffer } from '../api/create-offer';

const OFFER_FIELDS = [
  'title',
  'description',
  'price',
  'duration_days',
  'revisions',
  'expires_in_days',
] as const;

function OfferForm({ roomId, onDone }: { roomId: number; onDone: () => void }) {
  const createOffer = useCreateOffer(roomId);
  const { showToast } = useToast();
  const { register, errors, isSubmitting, failure, submit, showServerErrors } = useServerForm<
    OfferCreate,
    unknown,
    z.output<typeof offerCreateSchema>
  >({
    resolver: zodResolver(offerCreateSchema),
    defaultValues: { title: '', description: '', expires_in_days: OFFER_EXPIRES_IN_DAYS_DEFAULT },
  });
  const asNumber = { setValueAs: numberOrUndefined };

  const onSubmit = submit(
    async (offer) => {
      await createOffer.mutateAsync(offer);
      showToast({ title: OFFER_TEXTS.sent, variant: 'success' });
      onDone();
    },
    (error) => showServerErrors(error, OFFER_FIELDS, failureDetail(error, OFFER_TEXTS.sendFailed)),
  );

  return (
    <DialogForm
      label="Custom offer"
      failure={failure}
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitIcon={<Send aria-hidden="true" className="size-4" />}
      submitLabel="Send Offer"
    >
      <TextField
        label="Title"
        required
        maxLength={OFFER_TITLE_MAX}
        placeholder="e.g. Landing page with a booking form"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        required
        maxLength={OFFER_DESCRIPTION_MAX}
        hint={`At least ${OFFER_DESCRIPTION_MIN} characters: what the buyer gets.`}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          required
          min={OFFER_PRICE_MIN}
          max={OFFER_PRICE_MAX}
          step={0.01}
          error={errors.price?.message}
          {...register('price', asNumber)}
        />
        <TextField
          label="Delivery (days)"
          type="number"
          inputMode="numeric"
          required
          min={OFFER_DURATION_MIN}
          max={OFFER_DURATION_MAX}
          step={1}
          error={errors.duration_days?.message}
          {...register('duration_days', asNumber)}
        />
        <TextField
          label="Revisions"
          type="number"
          inputMode="numeric"
          required
          min={OFFER_REVISIONS_MIN}
          max={OFFER_REVISIONS_MAX}
          step={1}
          hint={`${OFFER_REVISIONS_MIN} to ${OFFER_REVISIONS_MAX}.`}
          error={errors.revisions?.message}
          {...register('revisions', asNumber)}
        />
        <TextField
          label="Expires in (days)"
          type="number"
          inputMode="numeric"
          required
          min={OFFER_EXPIRES_IN_DAYS_MIN}
          max={OFFER_EXPIRES_IN_DAYS_MAX}
          step={1}
          hint={`${OFFER_EXPIRES_IN_DAYS_MIN} to ${OFFER_EXPIRES_IN_DAYS_MAX}.`}
          error={errors.expires_in_days?.message}
          {...register('expires_in_days', asNumber)}
        />
      </div>
    </DialogForm>
  );
}

/** The team's form for a custom offer in a conversation; the card appears in the chat once sent. */
export function OfferFormDialog({
  roomId,
  open,
  onOpenChange,
}: {
  roomId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Send a Custom Offer"
        description="The buyer sees it in this conversation and can accept it by paying."
      >
        <OfferForm roomId={roomId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
