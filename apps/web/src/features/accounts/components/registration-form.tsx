import { zodResolver } from '@hookform/resolvers/zod';
import type { RegisterRequest } from '@teamhire/shared';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SubmitButton } from '../../../components/ui/form-actions';
import { useServerForm } from '../../../lib/use-server-form';
import { registrationFailure } from '../account-errors';
import { useRegister } from '../api/register';
import { registrationFormSchema } from '../form-schemas';
import { accountTypeTitle, type AccountType } from './account-type-step';
import { EmailField, NewPasswordFields, UsernameField } from './identity-fields';

export function RegistrationForm({
  role,
  headingRef,
  onChangeAccountType,
  onRegistered,
  submitRegistration,
}: {
  role: AccountType;
  headingRef: (element: HTMLHeadingElement | null) => void;
  onChangeAccountType: () => void;
  /** Also handed what was sent, for a caller that signs the new account in right away. */
  onRegistered: (email: string, sent: RegisterRequest) => void | Promise<void>;
  /** Replaces the plain registration call (a guest's upgrade keeps their chats). */
  submitRegistration?: (body: RegisterRequest) => Promise<unknown>;
}) {
  const registerAccount = useRegister();
  const { register, setError, errors, isSubmitting, failure, setFailure, submit } = useServerForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { username: '', email: '', password: '', confirm_password: '' },
  });

  const onSubmit = submit(
    async ({ username, email, password }) => {
      const body: RegisterRequest = { username, email, password, role };
      await (submitRegistration ? submitRegistration(body) : registerAccount.mutateAsync(body));
      await onRegistered(email, body);
    },
    (error) => {
      const { message, fieldErrors } = registrationFailure(error);
      setFailure(message);
      fieldErrors.forEach(({ field, message: fieldMessage }, index) =>
        setError(field, { message: fieldMessage }, { shouldFocus: index === 0 }),
      );
    },
  );

  return (
    <section aria-labelledby="registration-form-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="registration-form-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {`Create your ${accountTypeTitle(role)} account`}
        </h2>
        <Button variant="ghost" size="sm" onClick={onChangeAccountType} className="-mr-3">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Change Account Type
        </Button>
      </div>
      <div className="mt-6 flex flex-col gap-5">
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <form noValidate onSubmit={onSubmit} aria-label="Registration" className="flex flex-col gap-5">
          <UsernameField error={errors.username?.message} {...register('username')} />
          <EmailField error={errors.email?.message} {...register('email')} />
          <NewPasswordFields register={register} errors={errors} name="password" label="Password" />
          <SubmitButton
            pending={isSubmitting}
            icon={<UserPlus aria-hidden="true" className="size-4" />}
            fullWidth
          >
            Create Account
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
