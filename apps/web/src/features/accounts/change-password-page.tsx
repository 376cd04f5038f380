import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { showFieldErrors } from '../../lib/form-errors';
import { useChangePassword } from './api/change-password';
import { changePasswordFormSchema } from './form-schemas';

const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

/** Decision D1: a real change, refused when the current password is wrong. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const changePassword = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync({ current_password, new_password });
      showToast({ title: ACCOUNT_TEXTS.passwordChanged, variant: 'success' });
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.detail === ACCOUNT_TEXTS.currentPasswordWrong) {
        setError('current_password', { message: error.detail }, { shouldFocus: true });
        return;
      }
      const fieldErrorCount = showFieldErrors(error, PASSWORD_FIELDS, setError);
      if (fieldErrorCount === 0) setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <PageShell title="Change Password" description="Other sessions are signed out once the password changes.">
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Change password"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          required
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/dashboard" className={buttonClassName('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : (
              <KeyRound aria-hidden="true" className="size-4" />
            )}
            Change Password
          </Button>
        </div>
      </form>
    </PageShell>
  );
}
