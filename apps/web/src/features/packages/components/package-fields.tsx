import { PACKAGE_PRICE_MIN, PACKAGE_REVISIONS_MAX, PACKAGE_REVISIONS_MIN } from '@teamhire/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/ui/form-field';

export const PACKAGE_FIELD_NAMES = [
  'title',
  'description',
  'price',
  'duration_days',
  'revisions',
  'tags',
  'requirements',
  'deliverables',
] as const;
export type PackageFieldName = (typeof PACKAGE_FIELD_NAMES)[number];

/**
 * The fields a package has on both the create and the edit screen; each screen registers
 * them with its own schema, which differs only in the duration rule.
 */
export function PackageFields({
  fields,
  errors,
  durationHint,
  durationMax,
}: {
  fields: Record<PackageFieldName, UseFormRegisterReturn>;
  errors: Partial<Record<PackageFieldName, string | undefined>>;
  durationHint: string;
  durationMax?: number;
}) {
  return (
    <>
      <TextField
        label="Service Title"
        required
        placeholder="e.g. Landing page in one week"
        error={errors.title}
        {...fields.title}
      />
      <TextAreaField
        label="Description"
        required
        hint="At least 20 characters: what the buyer gets and how you work."
        error={errors.description}
        {...fields.description}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          required
          min={PACKAGE_PRICE_MIN}
          step={0.01}
          error={errors.price}
          {...fields.price}
        />
        <TextField
          label="Duration (days)"
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={durationMax}
          step={1}
          hint={durationHint}
          error={errors.duration_days}
          {...fields.duration_days}
        />
        <TextField
          label="Revisions"
          type="number"
          inputMode="numeric"
          required
          min={PACKAGE_REVISIONS_MIN}
          max={PACKAGE_REVISIONS_MAX}
          step={1}
          hint={`How many revision requests an order includes, ${PACKAGE_REVISIONS_MIN} to ${PACKAGE_REVISIONS_MAX}.`}
          error={errors.revisions}
          {...fields.revisions}
        />
      </div>
      <TextField
        label="Tags"
        optional
        hint="Comma-separated, e.g. react, design, seo"
        error={errors.tags}
        {...fields.tags}
      />
      <TextAreaField
        label="Requirements"
        optional
        className="min-h-24"
        hint="What you need from the buyer to start."
        error={errors.requirements}
        {...fields.requirements}
      />
      <TextAreaField
        label="Deliverables"
        optional
        className="min-h-24"
        hint="What the buyer receives at the end."
        error={errors.deliverables}
        {...fields.deliverables}
      />
    </>
  );
}
