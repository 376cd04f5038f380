import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_SUCCESS_CLEAR_MS,
  CONTACT_TEXTS,
  contactRequestSchema,
  type ContactRequest,
} from '@teamhire/shared';
import { CircleCheck, CircleExclamationPoint, LoaderCircle, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateContactRequest } from '../api/create-contact-request';

export type ContactFormStatus = 'idle' | 'sending' | 'success' | 'error';

type ContactFieldName = 'name' | 'email' | 'company' | 'message';
const FIELD_NAMES: readonly ContactFieldName[] = ['name', 'email', 'company', 'message'];

const EMPTY_FORM = { name: '', email: '', company: '', message: '' };

function isFieldName(value: string | undefined): value is ContactFieldName {
  return FIELD_NAMES.some((name) => name === value);
}

export function ContactForm() {
  const [status, setStatus] = useState<ContactFormStatus>('idle');
  const createContactRequest = useCreateContactRequest();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactRequestSchema),
    mode: 'onBlur',
    // An error clears on edit instead of re-validating while the person types, which would scold mid-word.
    reValidateMode: 'onBlur',
    defaultValues: EMPTY_FORM,
  });

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => setStatus('idle'), CONTACT_SUCCESS_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const field = (name: ContactFieldName) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    const request: ContactRequest = {
      name: values.name,
      email: values.email,
      company: values.company ? values.company : null,
      message: values.message,
    };
    setStatus('sending');
    try {
      await createContactRequest.mutateAsync(request);
      reset(EMPTY_FORM);
      setStatus('success');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          const name = fieldError.path.split('.').pop();
          if (isFieldName(name)) setError(name, { message: fieldError.message });
        }
      }
      setStatus('error');
    }
  });

  const sending = status === 'sending';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...field('email')}
        />
      </div>
      <TextField
        label="Company"
        optional
        autoComplete="organization"
        error={errors.company?.message}
        {...field('company')}
      />
      <TextAreaField
        label="Message"
        required
        rows={5}
        error={errors.message?.message}
        {...field('message')}
      />

      <div role="status" aria-live="polite">
        {status === 'success' ? (
          <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
            {CONTACT_TEXTS.success}
          </p>
        ) : null}
      </div>
      {status === 'error' ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
        >
          <CircleExclamationPoint aria-hidden="true" className="size-5 shrink-0 text-red-700" />
          {CONTACT_TEXTS.failure}
        </p>
      ) : null}

      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
