import { ACCOUNT_TEXTS, type User } from '@teamhire/shared';
import { LoaderCircle, Send } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { useSendVerification } from '../api/send-verification';

/**
 * Email verification (the token link, not the role review) can be asked for again from here instead of
 * through a new sign-up.
 */
export function EmailVerificationNotice({ user }: { user: Pick<User, 'email'> }) {
  const sendVerification = useSendVerification();
  const { showToast } = useToast();

  const send = () =>
    sendVerification.mutate(
      { email: user.email },
      {
        onSuccess: () => showToast({ title: ACCOUNT_TEXTS.verificationSent, variant: 'success' }),
        onError: (error) => showToast({ title: error.message, variant: 'error' }),
      },
    );

  return (
    <Alert variant="info">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{`Your email address ${user.email} is not verified yet.`}</p>
        <Button size="sm" variant="secondary" onClick={send} disabled={sendVerification.isPending}>
          {sendVerification.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          Send Verification Email
        </Button>
      </div>
    </Alert>
  );
}
