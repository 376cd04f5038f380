import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';

export interface RegisteredField {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** Empty number inputs count as not given, so the schema's default (0) applies. */
export function toOptionalNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
}

export const statisticsRegisterOptions = { setValueAs: toOptionalNumber };

/** The three figures of experience and skills; the rating goes in tenths, as the schema checks. */
export function StatisticsFields({
  projects,
  rating,
  reviews,
}: {
  projects: RegisteredField;
  rating: RegisteredField;
  reviews: RegisteredField;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Statistics</legend>
      <TextField
        label="Completed Projects"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={projects.error}
        {...projects.registration}
      />
      <TextField
        label="Average Rating (0-5)"
        type="number"
        inputMode="decimal"
        min={0}
        max={5}
        step={0.1}
        error={rating.error}
        {...rating.registration}
      />
      <TextField
        label="Total Reviews"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={reviews.error}
        {...reviews.registration}
      />
    </fieldset>
  );
}
