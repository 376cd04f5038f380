import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { AccountTypeStep, type AccountType } from './components/account-type-step';
import { AuthCard, inlineLinkClassName } from './components/auth-card';
import { RegistrationForm } from './components/registration-form';

/** Part 1 §9. */
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

  useEffect(() => {
    if (step.name !== 'registered') return;
    const state: RegistrationReturnState = { upgradeGuest };
    const timer = window.setTimeout(() => void navigate('/login', { state }), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate, upgradeGuest]);

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
      {step.name === 'choose' ? (
        <AccountTypeStep headingRef={focusHeading} onChoose={(role) => goTo({ name: 'form', role })} />
      ) : null}
      {step.name === 'form' ? (
        <RegistrationForm
          role={step.role}
          headingRef={focusHeading}
          onChangeAccountType={() => goTo({ name: 'choose' })}
          onRegistered={(email) => goTo({ name: 'registered', email })}
        />
      ) : null}
      {step.name === 'registered' ? (
        <Alert variant="success">{ACCOUNT_TEXTS.registrationSuccess(step.email)}</Alert>
      ) : null}
    </AuthCard>
  );
}
