import {
  BILLING_COUNTRIES,
  BILLING_COUNTRY_LABELS,
  CARD_BRAND_LABELS,
  DEFAULT_BILLING_COUNTRY,
  DEFAULT_PAYMENT_METHOD,
  EXPIRY_MONTH_MAX,
  ORDER_TEXTS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PROCESSING_FEE,
  expiryYearChoices,
  orderCreateSchema,
  type BillingAddress,
  type OrderCreate,
  type PaymentMethod,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { formatMoney } from '../../../lib/format';
import { SelectField } from '../../../components/ui/select-field';
import { numberOrUndefined } from '../../../lib/form-values';
import { payloadResolver } from '../../../lib/payload-resolver';

/** The card choice that means "type a card" rather than one of the saved cards' ids. */
export const NEW_CARD = 'new';
/**
 * Stands in for the Stripe payment method while the form validates: the page swaps it for the
 * id Stripe's card element gives when the buyer pays.
 */
export const CARD_ELEMENT_TOKEN = 'pm_from_card_element';

export interface PaymentFormValues {
  payment_method: PaymentMethod;
  /** A saved card's id, or NEW_CARD. */
  card_choice: string;
  card: {
    card_number: string;
    expiry_month?: number;
    expiry_year?: number;
    cvv: string;
    cardholder_name: string;
  };
  paypal_email: string;
  billing_address: BillingAddress;
}

export type OrderPayload = z.output<typeof orderCreateSchema>;

/** What is bought: a package, or a custom offer from a conversation; its price before the fee. */
export interface Purchase {
  target: { service_package_id: number } | { offer_id: number };
  title: string;
  price: number;
}

const DEFAULT_VALUES: PaymentFormValues = {
  payment_method: DEFAULT_PAYMENT_METHOD,
  card_choice: NEW_CARD,
  card: { card_number: '', cvv: '', cardholder_name: '' },
  paypal_email: '',
  billing_address: { street: '', city: '', state: '', postal_code: '', country: DEFAULT_BILLING_COUNTRY },
};

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const MONTHS = Array.from({ length: EXPIRY_MONTH_MAX }, (_, index) => ({
  value: index + 1,
  label: `${String(index + 1).padStart(2, '0')} - ${monthFormatter.format(new Date(Date.UTC(2000, index, 1)))}`,
}));

/** Only the chosen method's fields travel: the contract refuses card fields on a PayPal payment and back. */
function toOrderCreate(values: PaymentFormValues, purchase: Purchase, cardElement: boolean): OrderCreate {
  const common = {
    ...purchase.target,
    total_amount: purchase.price + PROCESSING_FEE,
    billing_address: values.billing_address,
  };
  if (values.payment_method === 'paypal') {
    return { ...common, payment_method: 'paypal', paypal_email: values.paypal_email };
  }
  if (values.card_choice !== NEW_CARD) {
    return { ...common, payment_method: 'credit_card', saved_payment_method_id: Number(values.card_choice) };
  }
  if (cardElement) return { ...common, payment_method: 'credit_card', card_token: CARD_ELEMENT_TOKEN };
  const { expiry_month, expiry_year, ...card } = values.card;
  return {
    ...common,
    payment_method: 'credit_card',
    // An unchosen month or year goes in as NaN, which the schema refuses like any other bad number.
    card: { ...card, expiry_month: expiry_month ?? Number.NaN, expiry_year: expiry_year ?? Number.NaN },
  };
}

/** An empty field says 'This field is required' rather than the format rule it also fails. */
function isEmpty(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function preferRequired(values: PaymentFormValues, errors: FieldErrors<PaymentFormValues>): void {
  const cardErrors = errors.card;
  if (values.payment_method === 'credit_card' && values.card_choice === NEW_CARD && cardErrors) {
    for (const field of ['card_number', 'expiry_month', 'expiry_year', 'cvv', 'cardholder_name'] as const) {
      const fieldError = cardErrors[field];
      if (fieldError && isEmpty(values.card[field])) fieldError.message = ORDER_TEXTS.required;
    }
  }
  if (values.payment_method === 'paypal' && errors.paypal_email && isEmpty(values.paypal_email)) {
    errors.paypal_email.message = ORDER_TEXTS.required;
  }
}

export interface PaymentFormProps {
  purchase: Purchase;
  paying: boolean;
  onPay: (order: OrderPayload) => void;
  onCancel: () => void;
  /** Any edit makes a new purchase attempt, which then gets its own Idempotency-Key. */
  onEdited: () => void;
  /** The buyer's saved cards, offered above the card form (the default chosen at first). */
  savedCards?: readonly SavedPaymentMethod[];
  /** With Stripe, its card element instead of the card fields; the test mode keeps the fields. */
  cardElement?: ReactNode;
}

const savedCardLabel = (method: SavedPaymentMethod) =>
  `${method.brand ? CARD_BRAND_LABELS[method.brand] : 'Card'} ending in ${method.last_four ?? '····'}${
    method.is_default ? ' (default)' : ''
  }`;

/** Method, card or PayPal fields, billing address and the order summary. */
export function PaymentForm({
  purchase,
  paying,
  onPay,
  onCancel,
  onEdited,
  savedCards = [],
  cardElement,
}: PaymentFormProps) {
  const usesCardElement = cardElement !== undefined && cardElement !== null;
  const resolver = useMemo(
    () =>
      payloadResolver(
        orderCreateSchema,
        (values: PaymentFormValues) => toOrderCreate(values, purchase, usesCardElement),
        preferRequired,
      ),
    [purchase, usesCardElement],
  );
  const firstChoice = (savedCards.find((method) => method.is_default) ?? savedCards[0])?.id;
  const {
    register,
    handleSubmit,
    control,
    subscribe,
    formState: { errors },
  } = useForm<PaymentFormValues, unknown, OrderPayload>({
    resolver,
    defaultValues: {
      ...DEFAULT_VALUES,
      card_choice: firstChoice === undefined ? NEW_CARD : String(firstChoice),
    },
  });
  const method = useWatch({ control, name: 'payment_method' });
  const cardChoice = useWatch({ control, name: 'card_choice' });
  const years = useMemo(() => expiryYearChoices(), []);
  const total = purchase.price + PROCESSING_FEE;

  useEffect(() => subscribe({ formState: { values: true }, callback: onEdited }), [subscribe, onEdited]);

  return (
    <form
      // Never a GET: should the script fail, the browser must not put card fields in the address.
      method="post"
      noValidate
      aria-label="Payment"
      onSubmit={(event) => void handleSubmit(onPay)(event)}
      className="flex flex-col gap-6"
    >
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <fieldset className="flex flex-col gap-3">
          <legend className="text-lg font-semibold text-slate-900">Payment Method</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {PAYMENT_METHODS.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
              >
                <input
                  type="radio"
                  value={option}
                  className="accent-indigo-600"
                  {...register('payment_method')}
                />
                {PAYMENT_METHOD_LABELS[option]}
              </label>
            ))}
          </div>
        </fieldset>

        {method === 'credit_card' ? (
          <>
            {savedCards.length > 0 ? (
              <fieldset className="mt-6 flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">Saved Cards</legend>
                {savedCards.map((saved) => (
                  <label
                    key={saved.id}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                  >
                    <input
                      type="radio"
                      value={String(saved.id)}
                      className="accent-indigo-600"
                      {...register('card_choice')}
                    />
                    {savedCardLabel(saved)}
                  </label>
                ))}
                <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50">
                  <input
                    type="radio"
                    value={NEW_CARD}
                    className="accent-indigo-600"
                    {...register('card_choice')}
                  />
                  Use a new card
                </label>
              </fieldset>
            ) : null}
            {cardChoice !== NEW_CARD ? null : usesCardElement ? (
              <div className="mt-6">{cardElement}</div>
            ) : (
              <div className="mt-6 grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <TextField
                    label="Card Number"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 5678 9012 3456"
                    error={errors.card?.card_number?.message}
                    {...register('card.card_number')}
                  />
                </div>
                <SelectField
                  label="Expiry Month"
                  autoComplete="cc-exp-month"
                  error={errors.card?.expiry_month?.message}
                  {...register('card.expiry_month', { setValueAs: numberOrUndefined })}
                >
                  <option value="">Month</option>
                  {MONTHS.map((month) => (
                    <option key={month.value} value={month.value}>
                      {month.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Expiry Year"
                  autoComplete="cc-exp-year"
                  error={errors.card?.expiry_year?.message}
                  {...register('card.expiry_year', { setValueAs: numberOrUndefined })}
                >
                  <option value="">Year</option>
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="CVV"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  error={errors.card?.cvv?.message}
                  {...register('card.cvv')}
                />
                <TextField
                  label="Cardholder Name"
                  autoComplete="cc-name"
                  error={errors.card?.cardholder_name?.message}
                  {...register('card.cardholder_name')}
                />
              </div>
            )}
          </>
        ) : (
          <div className="mt-6">
            <TextField
              label="PayPal Email"
              type="email"
              autoComplete="email"
              error={errors.paypal_email?.message}
              {...register('paypal_email')}
            />
          </div>
        )}
      </section>

      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Billing Address</legend>
          <div className="sm:col-span-2">
            <TextField
              label="Street Address"
              autoComplete="street-address"
              error={errors.billing_address?.street?.message}
              {...register('billing_address.street')}
            />
          </div>
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.billing_address?.city?.message}
            {...register('billing_address.city')}
          />
          <TextField
            label="State / Province"
            autoComplete="address-level1"
            error={errors.billing_address?.state?.message}
            {...register('billing_address.state')}
          />
          <TextField
            label="Postal Code"
            autoComplete="postal-code"
            error={errors.billing_address?.postal_code?.message}
            {...register('billing_address.postal_code')}
          />
          <SelectField
            label="Country"
            autoComplete="country"
            error={errors.billing_address?.country?.message}
            {...register('billing_address.country')}
          >
            {BILLING_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {BILLING_COUNTRY_LABELS[country]}
              </option>
            ))}
          </SelectField>
        </fieldset>
      </section>

      <section
        aria-labelledby="order-summary-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="order-summary-title" className="text-lg font-semibold text-slate-900">
          Order Summary
        </h2>
        <dl className="mt-4 flex flex-col gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="min-w-0 break-words text-slate-600">{purchase.title}</dt>
            <dd className="font-medium text-slate-900">{formatMoney(purchase.price)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{ORDER_TEXTS.processingFeeLabel}</dt>
            <dd className="font-medium text-slate-900">{formatMoney(PROCESSING_FEE)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900">{formatMoney(total)}</dd>
          </div>
        </dl>
        <p className="mt-4 flex items-center gap-2 text-xs text-slate-600">
          <Lock aria-hidden="true" className="size-3.5" />
          Your card number and CVV are sent once to the payment provider and never stored.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={paying}>
            Cancel
          </Button>
          <Button type="submit" disabled={paying} aria-busy={paying || undefined}>
            {paying ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : null}
            {`Pay ${formatMoney(total)}`}
          </Button>
        </div>
      </section>
    </form>
  );
}
