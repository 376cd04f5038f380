import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { KeyRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { FormActions, formCardClassName } from '../../components/ui/form-actions';
import { PasswordField } from '../../components/ui/form-field';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { useServerForm } from '../../lib/use-server-form';
import { useChangePassword } from './api/change-password';
import { NewPasswordFields } from './components/identity-fields';
import { changePasswordFormSchema } from './form-schemas';

const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

/** A real change, refused when the current password is wrong; the server signs other sessions out. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const changePassword = useChangePassword();
  const { register, setError, errors, isSubmitting, failure, submit, showServerErrors } = useServerForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = submit(
    async ({ current_password, new_password }) => {
      await changePassword.mutateAsync({ current_password, new_password });
      showToast({ title: ACCOUNT_TEXTS.passwordChanged, variant: 'success' });
      void navigate('/dashboard');
    },
    (error) => {
      if (error instanceof ApiError && error.code === 'wrong_password') {
        const message = error.detail ?? ACCOUNT_TEXTS.currentPasswordWrong;
        setError('current_password', { message }, { shouldFocus: true });
        return;
      }
      showServerErrors(error, PASSWORD_FIELDS, error instanceof Error ? error.message : String(error));
    },
  );

  return (
    <PageShell title="Change Password" description="Other sessions are signed out once the password changes.">
      <form noValidate onSubmit={onSubmit} aria-label="Change password" className={formCardClassName}>
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          register={register}
          errors={errors}
          name="new_password"
          label="New Password"
          hint="At least 8 characters."
          confirmLabel="Confirm New Password"
        />
        <FormActions
          cancel={{ to: '/dashboard' }}
          pending={isSubmitting}
          submitIcon={<KeyRound aria-hidden="true" className="size-4" />}
          submitLabel="Change Password"
        />
      </form>
    </PageShell>
  );
}
