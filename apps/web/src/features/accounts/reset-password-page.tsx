import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { SubmitButton } from '../../components/ui/form-actions';
import { ApiError } from '../../lib/api-client';
import { useResetPassword } from './api/reset-password';
import { AuthCard, inlineLinkClassName } from './components/auth-card';
import { NewPasswordFields } from './components/identity-fields';
import { resetPasswordFormSchema } from './form-schemas';

/** Long enough to read the success message before the login page comes. */
export const RESET_REDIRECT_MS = 3000;

function resetFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return ACCOUNT_TEXTS.resetFailure;
}

function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, new_password });
      onReset();
    } catch (error) {
      setFailure(resetFailureMessage(error));
    }
  });

  return (
    <div className="flex flex-col gap-5">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <form noValidate onSubmit={onSubmit} aria-label="Reset password" className="flex flex-col gap-5">
        <NewPasswordFields register={register} errors={errors} name="new_password" label="New Password" />
        <SubmitButton
          pending={isSubmitting}
          icon={<KeyRound aria-hidden="true" className="size-4" />}
          fullWidth
        >
          Reset Password
        </SubmitButton>
      </form>
    </div>
  );
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Choose a new password for your account"
      footer={
        <Link to="/login" className={`inline-flex items-center gap-1 ${inlineLinkClassName}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
      }
    >
      {token === '' ? <Alert variant="error">{ACCOUNT_TEXTS.resetMissingToken}</Alert> : null}
      {token !== '' && done ? <Alert variant="success">{ACCOUNT_TEXTS.resetSuccess}</Alert> : null}
      {token !== '' && !done ? <ResetPasswordForm token={token} onReset={() => setDone(true)} /> : null}
    </AuthCard>
  );
}
