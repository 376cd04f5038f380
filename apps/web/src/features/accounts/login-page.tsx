import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS, loginRequestSchema } from '@teamhire/shared';
import { LogIn, Mail, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { SubmitButton } from '../../components/ui/form-actions';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { getSessionEndReason, storeTokens } from '../../lib/auth-tokens';
import { loginFailureMessage } from './account-errors';
import { useLogin } from './api/login';
import { AuthCard, inlineLinkClassName } from './components/auth-card';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { returnPath } from '../../lib/return-path';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [sessionExpired] = useState(() => getSessionEndReason() === 'expired');
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const identifier = useWatch({ control, name: 'username' });
  const looksLikeEmail = identifier.includes('@');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const tokens = await login.mutateAsync(values);
      storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error));
    }
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to your TeamHire account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={inlineLinkClassName}>
            Create one
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        {!failure && sessionExpired ? <Alert variant="info">{ACCOUNT_TEXTS.sessionExpired}</Alert> : null}
        <form noValidate onSubmit={onSubmit} aria-label="Sign in" className="flex flex-col gap-5">
          <TextField
            label="Email or Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            startIcon={
              looksLikeEmail ? (
                <Mail aria-hidden="true" className="size-4" />
              ) : (
                <UserRound aria-hidden="true" className="size-4" />
              )
            }
            error={errors.username?.message}
            {...register('username')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <SubmitButton
            pending={isSubmitting}
            icon={<LogIn aria-hidden="true" className="size-4" />}
            fullWidth
          >
            Sign In
          </SubmitButton>
        </form>
        <div className="text-center">
          <ForgotPasswordDialog suggestedEmail={looksLikeEmail ? identifier.trim() : ''} />
        </div>
      </div>
    </AuthCard>
  );
}
