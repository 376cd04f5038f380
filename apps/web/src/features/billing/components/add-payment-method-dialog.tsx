import { useQueryClient } from '@tanstack/react-query';
import {
  BILLING_TEXTS,
  CVV_MAX_LENGTH,
  EXPIRY_MONTH_MAX,
  EXPIRY_MONTH_MIN,
  EXPIRY_YEAR_MAX,
  ORDER_TEXTS,
  SAVED_METHOD_EXPIRY_YEAR_MIN,
  SAVED_PAYMENT_METHOD_TYPES,
  SAVED_PAYMENT_METHOD_TYPE_LABELS,
  savedPaymentMethodCreateSchema,
  type SavedPaymentMethodCreate,
  type SavedPaymentMethodType,
} from '@teamhire/shared';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { payloadResolver } from '../../../lib/payload-resolver';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { numberOrUndefined } from '../../../lib/form-values';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { LoadingStatus } from '../../../components/ui/loading-status';
import {
  STRIPE_CARD_LOAD_FAILED,
  StripeCardField,
  type StripeCardHandle,
} from '../../../components/payments/stripe-card-field';
import { usePaymentConfig } from '../../../lib/payment-config';
import { billingQueryKeys } from '../api/billing-query-keys';
import { createPaymentMethod } from '../api/create-payment-method';

export const PAYMENT_METHOD_SAVED_MESSAGE = 'Payment method saved';

interface MethodFormValues {
  type: SavedPaymentMethodType;
  name: string;
  card_number: string;
  cvv: string;
  last_four: string;
  expiry_month?: number;
  expiry_year?: number;
  is_default: boolean;
}

const DEFAULT_VALUES: MethodFormValues = {
  type: 'CREDIT_CARD',
  name: '',
  card_number: '',
  cvv: '',
  last_four: '',
  is_default: false,
};

/**
 * Stands in for the Stripe payment method while the form validates: the form swaps it for the id
 * Stripe's card element gives when the buyer saves.
 */
const CARD_ELEMENT_METHOD = 'pm_from_card_element';

/**
 * A card sends its number (the server keeps brand and last four), or with Stripe only the card
 * element's payment method; other types only a name and, optionally, four digits.
 */
function toMethodCreate(values: MethodFormValues, usesCardElement: boolean): SavedPaymentMethodCreate {
  const common = { type: values.type, name: values.name, is_default: values.is_default };
  if (values.type !== 'CREDIT_CARD') {
    return { ...common, last_four: values.last_four.trim() || null };
  }
  if (usesCardElement) return { ...common, provider_method_id: CARD_ELEMENT_METHOD };
  return {
    ...common,
    card_number: values.card_number,
    cvv: values.cvv === '' ? undefined : values.cvv,
    expiry_month: values.expiry_month ?? null,
    expiry_year: values.expiry_year ?? null,
  };
}

function preferRequired(values: MethodFormValues, errors: FieldErrors<MethodFormValues>): void {
  if (values.type === 'CREDIT_CARD' && errors.card_number && values.card_number.trim() === '') {
    errors.card_number.message = ORDER_TEXTS.required;
  }
}

function saveFailureMessage(error: unknown): string {
  // 409 says why (at most 20 methods); anything else is the generic billing text.
  if (error instanceof ApiError && error.status === 409 && error.detail) return error.detail;
  return BILLING_TEXTS.saveFailed;
}

function saveErrorMessage(error: unknown): string {
  // 422 on the card element's method carries Stripe's reason (e.g. the card was refused).
  if (error instanceof ApiError && error.status === 422 && error.detail) return error.detail;
  return saveFailureMessage(error);
}

function MethodForm({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const config = usePaymentConfig();
  const publishableKey = config.data?.provider === 'stripe' ? config.data.publishable_key : null;
  const cardElement = useRef<StripeCardHandle | null>(null);
  // useForm takes the resolver of each render, so the form follows the provider once it is known.
  const usesCardElement = publishableKey !== null;
  const resolver = useMemo(
    () =>
      payloadResolver(
        savedPaymentMethodCreateSchema,
        (values: MethodFormValues) => toMethodCreate(values, usesCardElement),
        preferRequired,
      ),
    [usesCardElement],
  );
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<MethodFormValues, unknown, SavedPaymentMethodCreate>({
    resolver,
    defaultValues: DEFAULT_VALUES,
  });
  const type = useWatch({ control, name: 'type' });

  const save = async (method: SavedPaymentMethodCreate) => {
    setFailure(null);
    try {
      let payload = method;
      // The card element's card becomes a Stripe payment method only now, when the buyer saves.
      if (method.provider_method_id === CARD_ELEMENT_METHOD) {
        if (!cardElement.current) throw new Error(STRIPE_CARD_LOAD_FAILED);
        payload = { ...method, provider_method_id: await cardElement.current.tokenize() };
      }
      await createPaymentMethod(payload);
      await queryClient.invalidateQueries({ queryKey: billingQueryKeys.methods });
      showToast({ title: PAYMENT_METHOD_SAVED_MESSAGE, variant: 'success' });
      onSaved();
    } catch (error) {
      setFailure(
        error instanceof Error && !(error instanceof ApiError) ? error.message : saveErrorMessage(error),
      );
    }
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Add payment method"
      onSubmit={(event) => void handleSubmit(save)(event)}
      className="flex flex-col gap-4"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <SelectField label="Type" error={errors.type?.message} {...register('type')}>
        {SAVED_PAYMENT_METHOD_TYPES.map((option) => (
          <option key={option} value={option}>
            {SAVED_PAYMENT_METHOD_TYPE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Name"
        hint="How you recognise this method, e.g. Work Visa"
        error={errors.name?.message}
        {...register('name')}
      />
      {type === 'CREDIT_CARD' && config.isPending ? (
        <LoadingStatus text="Loading the card form..." />
      ) : type === 'CREDIT_CARD' && config.isError ? (
        <ErrorWithRetry message={config.error.message} onRetry={() => void config.refetch()} />
      ) : type === 'CREDIT_CARD' && publishableKey ? (
        <>
          <StripeCardField publishableKey={publishableKey} handle={cardElement} />
          <p className="text-xs text-slate-600">
            The card is kept by Stripe; only its brand, last four digits and expiry are shown here.
          </p>
        </>
      ) : type === 'CREDIT_CARD' ? (
        <>
          <TextField
            label="Card Number"
            inputMode="numeric"
            autoComplete="cc-number"
            error={errors.card_number?.message ?? errors.last_four?.message}
            {...register('card_number')}
          />
          <div className="grid grid-cols-3 gap-3">
            <TextField
              label="Month"
              type="number"
              inputMode="numeric"
              min={EXPIRY_MONTH_MIN}
              max={EXPIRY_MONTH_MAX}
              placeholder="MM"
              error={errors.expiry_month?.message}
              {...register('expiry_month', { setValueAs: numberOrUndefined })}
            />
            <TextField
              label="Year"
              type="number"
              inputMode="numeric"
              min={SAVED_METHOD_EXPIRY_YEAR_MIN}
              max={EXPIRY_YEAR_MAX}
              placeholder="YYYY"
              error={errors.expiry_year?.message}
              {...register('expiry_year', { setValueAs: numberOrUndefined })}
            />
            <TextField
              label="CVV"
              optional
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={CVV_MAX_LENGTH}
              error={errors.cvv?.message}
              {...register('cvv')}
            />
          </div>
          <p className="text-xs text-slate-600">Only the card brand and last four digits are kept.</p>
        </>
      ) : (
        <TextField
          label="Last Four Digits"
          optional
          inputMode="numeric"
          maxLength={4}
          error={errors.last_four?.message}
          {...register('last_four')}
        />
      )}
      <CheckboxField label="Make this my default payment method" {...register('is_default')} />
      <FormActions cancel="dialog" pending={isSubmitting} submitLabel="Save Payment Method" />
    </form>
  );
}

/** The form mounts with the dialog, so every opening starts empty and a closed one keeps no card data. */
export function AddPaymentMethodDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Payment Method">
        <MethodForm onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
