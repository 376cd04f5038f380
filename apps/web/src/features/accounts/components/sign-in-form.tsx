import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@teamhire/shared';
import { LogIn, Mail, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/form-actions';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { storeTokens } from '../../../lib/auth-tokens';
import { loginFailureMessage } from '../account-errors';
import { login } from '../api/login';

/**
 * Signing in, wherever it is asked for: the tokens are stored before `onSignedIn` runs, and a
 * refusal becomes the login failure text. `identifier` is what was typed as email or username.
 */
export function useSignIn(onSignedIn: () => void | Promise<void>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const identifier = useWatch({ control: form.control, name: 'username' });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const tokens = await login(values);
      storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      return;
    }
    await onSignedIn();
  });
  return { form, failure, identifier, onSubmit };
}

/** The sign-in form's fields and button; the icon shows whether an email or a username was typed. */
export function SignInFields({ signIn }: { signIn: ReturnType<typeof useSignIn> }) {
  const {
    register,
    formState: { errors, isSubmitting },
  } = signIn.form;
  return (
    <>
      <TextField
        label="Email or Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        startIcon={
          signIn.identifier.includes('@') ? (
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
      <SubmitButton pending={isSubmitting} icon={<LogIn aria-hidden="true" className="size-4" />} fullWidth>
        Sign In
      </SubmitButton>
    </>
  );
}
