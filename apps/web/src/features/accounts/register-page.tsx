import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { upgradeGuest as upgradeGuestAccount } from './api/upgrade-guest';
import { clearGuestSession, readGuestSession } from '../../lib/guest-session';
import type { ReturnState } from '../../lib/return-path';
import { AccountTypeStep, type AccountType } from './components/account-type-step';
import { AuthCard, inlineLinkClassName } from './components/auth-card';
import { RegistrationForm } from './components/registration-form';

/** Long enough to read the check-your-email message before the login page comes. */
export const REGISTRATION_REDIRECT_MS = 5000;

type Step = { name: 'choose' } | { name: 'form'; role: AccountType } | { name: 'registered'; email: string };

/** Carried to /login so that a guest who signs up can pick up their chat after signing in. */
export interface RegistrationReturnState {
  upgradeGuest: boolean;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [upgradeGuest] = useState(() => searchParams.get('upgrade_guest') === 'true');
  // The guest session of this browser, when there is one to upgrade.
  const [guest] = useState(() => (upgradeGuest ? readGuestSession() : null));
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [stepChanged, setStepChanged] = useState(false);

  // Moving between the steps replaces the content; focus follows so a screen reader hears the new step.
  const focusHeading = useCallback(
    (element: HTMLHeadingElement | null) => {
      if (element && stepChanged) element.focus();
    },
    [stepChanged],
  );

  const goTo = (next: Step) => {
    setStepChanged(true);
    setStep(next);
  };

  /** A guest's room is now the new account's: signing in continues there. */
  const [continueTo, setContinueTo] = useState<string | null>(null);
  const onRegistered = (email: string) => {
    if (guest) {
      clearGuestSession();
      setContinueTo(guest.chatRoomId ? `/team-chat/${guest.chatRoomId}` : '/messages');
    }
    goTo({ name: 'registered', email });
  };

  useEffect(() => {
    if (step.name !== 'registered') return;
    const state: RegistrationReturnState & ReturnState = continueTo
      ? { upgradeGuest, from: { pathname: continueTo, search: '', hash: '' } }
      : { upgradeGuest };
    const timer = window.setTimeout(() => void navigate('/login', { state }), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate, upgradeGuest, continueTo]);

  return (
    <AuthCard
      title="Join TeamHire"
      subtitle="Create your account in two quick steps"
      wide={step.name === 'choose'}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={inlineLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      {upgradeGuest && step.name !== 'registered' ? (
        <Alert variant="info" className="mb-6">
          {guest
            ? 'Upgrading your guest account: every conversation you had as a guest stays with your new account.'
            : 'No guest session was found in this browser: this creates a new account.'}
        </Alert>
      ) : null}
      {step.name === 'choose' ? (
        <AccountTypeStep headingRef={focusHeading} onChoose={(role) => goTo({ name: 'form', role })} />
      ) : null}
      {step.name === 'form' ? (
        <RegistrationForm
          role={step.role}
          headingRef={focusHeading}
          onChangeAccountType={() => goTo({ name: 'choose' })}
          onRegistered={onRegistered}
          submitRegistration={guest ? (body) => upgradeGuestAccount(guest.token, body) : undefined}
        />
      ) : null}
      {step.name === 'registered' ? (
        <Alert variant="success">{ACCOUNT_TEXTS.registrationSuccess(step.email)}</Alert>
      ) : null}
    </AuthCard>
  );
}
