import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useVerifyEmail } from './api/verify-email';
import { AuthCard } from './components/auth-card';

/** Long enough to read the outcome before the next page comes. */
export const VERIFICATION_REDIRECT_MS = 3000;

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; message: string };

function verifyFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return ACCOUNT_TEXTS.verifyFailure;
}

export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verifyEmail = useVerifyEmail();
  const { mutate } = verifyEmail;
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  // The token is single-use: StrictMode's second effect run (and re-renders) must not spend it again.
  const sentFor = useRef<string | null>(null);

  const verify = useCallback(() => {
    setOutcome({ state: 'verifying' });
    mutate(
      { token },
      {
        onSuccess: () => setOutcome({ state: 'verified' }),
        onError: (error) => setOutcome({ state: 'failed', message: verifyFailureMessage(error) }),
      },
    );
  }, [mutate, token]);

  useEffect(() => {
    if (token === '' || sentFor.current === token) return;
    sentFor.current = token;
    verify();
  }, [token, verify]);

  useEffect(() => {
    if (outcome.state !== 'verified') return;
    const timer = window.setTimeout(() => void navigate('/login'), VERIFICATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  const requestNewEmail = (
    <Link to="/login" className={buttonClassName('secondary')}>
      Request New Verification Email
    </Link>
  );

  return (
    <AuthCard title="Email Verification">
      {token === '' ? (
        <div className="flex flex-col items-center gap-6">
          <Alert variant="error" className="w-full">
            {ACCOUNT_TEXTS.verifyMissingToken}
          </Alert>
          {requestNewEmail}
        </div>
      ) : null}
      {token !== '' && outcome.state === 'verifying' ? (
        <p role="status" className="flex items-center justify-center gap-2 text-slate-700">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Verifying your email...
        </p>
      ) : null}
      {token !== '' && outcome.state === 'verified' ? (
        <Alert variant="success">{ACCOUNT_TEXTS.verifySuccess}</Alert>
      ) : null}
      {token !== '' && outcome.state === 'failed' ? (
        <div className="flex flex-col items-center gap-6">
          <Alert variant="error" className="w-full">
            {outcome.message}
          </Alert>
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={verify}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Try Again
            </Button>
            {requestNewEmail}
          </div>
        </div>
      ) : null}
    </AuthCard>
  );
}
