import { zodResolver } from '@hookform/resolvers/zod';
import type { ProfileKind } from '@teamhire/shared';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { saveWithFeedback, type ProfileItemFormProps } from '../profile-form-submit';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { PROFILE_ITEM_FORMS, type ProfileItemField } from './profile-item-fields';
import { SelectField } from '../../../components/ui/select-field';
import { StatisticsFields, statisticsRegisterOptions } from './statistics-fields';

type Field = ProfileItemField<string>;
type Form = UseFormReturn<FieldValues>;

/** An empty decimal is 'not stated' (null), not 0. */
function toOptionalDecimal(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
}

function errorOf(form: Form, name: string): string | undefined {
  const message = form.formState.errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

function PeriodFields({
  form,
  start,
  end,
  endsWhileCurrent,
}: {
  form: Form;
  start: { name: string; label: string };
  end: { name: string; label: string };
  endsWhileCurrent: boolean;
}) {
  const [startValue, current] = useWatch({ control: form.control, name: [start.name, 'current'] });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={start.label}
        type="date"
        required
        error={errorOf(form, start.name)}
        {...form.register(start.name)}
      />
      <TextField
        label={end.label}
        type="date"
        optional
        min={typeof startValue === 'string' && startValue ? startValue : undefined}
        disabled={endsWhileCurrent && current === true}
        error={errorOf(form, end.name)}
        {...form.register(end.name)}
      />
    </div>
  );
}

function FieldRow({ field, fields, form }: { field: Field; fields: readonly Field[]; form: Form }) {
  const { register } = form;
  switch (field.type) {
    case 'text':
      return (
        <TextField
          label={field.label}
          type={field.url ? 'url' : undefined}
          required={field.required}
          optional={!field.required}
          placeholder={field.placeholder}
          error={errorOf(form, field.name)}
          {...register(field.name)}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          label={field.label}
          optional
          error={errorOf(form, field.name)}
          {...register(field.name)}
        />
      );
    case 'select':
      return (
        <SelectField
          label={field.label}
          required
          placeholder={field.placeholder}
          options={field.options}
          error={errorOf(form, field.name)}
          {...register(field.name)}
        />
      );
    case 'decimal':
      return (
        <TextField
          label={field.label}
          type="number"
          inputMode="decimal"
          optional
          min={field.min}
          max={field.max}
          step={field.step}
          error={errorOf(form, field.name)}
          {...register(field.name, { setValueAs: toOptionalDecimal })}
        />
      );
    case 'period':
      return (
        <PeriodFields
          form={form}
          start={field.start}
          end={field.end}
          endsWhileCurrent={fields.some((candidate) => candidate.type === 'current')}
        />
      );
    case 'current': {
      const period = fields.find((candidate) => candidate.type === 'period');
      return (
        <CheckboxField
          label={field.label}
          {...register('current', {
            onChange: (event: { target: { checked: boolean } }) => {
              // What is still going on has no end yet; the disabled field must not keep a hidden value.
              if (event.target.checked && period) {
                form.setValue(period.end.name, '');
                form.clearErrors(period.end.name);
              }
            },
          })}
        />
      );
    }
    case 'statistics':
      return (
        <StatisticsFields
          projects={{
            registration: register('total_completed_projects', statisticsRegisterOptions),
            error: errorOf(form, 'total_completed_projects'),
          }}
          rating={{
            registration: register('avg_reviews', statisticsRegisterOptions),
            error: errorOf(form, 'avg_reviews'),
          }}
          reviews={{
            registration: register('total_reviews', statisticsRegisterOptions),
            error: errorOf(form, 'total_reviews'),
          }}
        />
      );
  }
}

/** The add and edit form of every kind of profile item, laid out from that kind's field list. */
export function ProfileItemForm<K extends ProfileKind>({
  kind,
  item,
  onSave,
}: ProfileItemFormProps<K> & { kind: K }) {
  const definition = PROFILE_ITEM_FORMS[kind];
  const fields = definition.fields as readonly Field[];
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    resolver: zodResolver(definition.schema),
    defaultValues: definition.values(item),
  });
  // Every field of the kind, so that a problem the server pins on any of them shows on that field.
  const fieldNames = Object.keys(definition.values());

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    return saveWithFeedback(() => onSave(definition.toRequest(values as never)), {
      fields: fieldNames,
      onFieldError: (field, message, focus) => form.setError(field, { message }, { shouldFocus: focus }),
      onFailure: setFailure,
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {fields.map((field, index) => (
        <FieldRow key={index} field={field} fields={fields} form={form} />
      ))}
      <FormActions
        cancel="dialog"
        pending={form.formState.isSubmitting}
        submitIcon={<Save aria-hidden="true" className="size-4" />}
        submitLabel="Save"
      />
    </form>
  );
}
