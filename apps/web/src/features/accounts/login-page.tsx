import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { getSessionEndReason } from '../../lib/auth-tokens';
import { AuthCard, inlineLinkClassName } from './components/auth-card';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { SignInFields, useSignIn } from './components/sign-in-form';
import { returnPath } from '../../lib/return-path';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [sessionExpired] = useState(() => getSessionEndReason() === 'expired');
  const signIn = useSignIn(() => navigate(returnPath(location.state), { replace: true }));
  const { failure, identifier, onSubmit } = signIn;
  const looksLikeEmail = identifier.includes('@');

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
          <SignInFields signIn={signIn} />
        </form>
        <div className="text-center">
          <ForgotPasswordDialog suggestedEmail={looksLikeEmail ? identifier.trim() : ''} />
        </div>
      </div>
    </AuthCard>
  );
}
