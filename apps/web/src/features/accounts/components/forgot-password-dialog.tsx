import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS, forgotPasswordRequestSchema } from '@teamhire/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from './identity-fields';

type Outcome = 'idle' | 'sent' | 'failed';

function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const forgotPassword = useForgotPassword();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome('idle');
    try {
      await forgotPassword.mutateAsync(values);
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  });

  if (outcome === 'sent') {
    return (
      <div className="flex flex-col gap-5">
        <Alert variant="success">{ACCOUNT_TEXTS.forgotSuccess}</Alert>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {outcome === 'failed' ? <Alert variant="error">{ACCOUNT_TEXTS.forgotFailure}</Alert> : null}
      <EmailField error={errors.email?.message} {...register('email')} />
      <FormActions cancel="dialog" pending={isSubmitting} submitLabel="Send Reset Email" />
    </form>
  );
}

/** 'Forgot Password?' and its 'Reset Password' modal; a fresh form every time it opens. */
export function ForgotPasswordDialog({ suggestedEmail }: { suggestedEmail: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="rounded text-sm font-semibold text-indigo-700 hover:text-indigo-900 hover:underline">
        Forgot Password?
      </DialogTrigger>
      <DialogContent
        title="Reset Password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
      >
        {open ? <ForgotPasswordForm initialEmail={suggestedEmail} /> : null}
      </DialogContent>
    </Dialog>
  );
}
