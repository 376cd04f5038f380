import { Mail, UserRound } from 'lucide-react';
import {
  PasswordField,
  TextField,
  type PasswordFieldProps,
  type TextFieldProps,
} from '../../../components/ui/form-field';

type IdentityFieldProps = Omit<TextFieldProps, 'label' | 'startIcon' | 'type'>;

export function UsernameField(props: IdentityFieldProps) {
  return (
    <TextField
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      startIcon={<UserRound aria-hidden="true" className="size-4" />}
      {...props}
    />
  );
}

export function EmailField(props: IdentityFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      required
      startIcon={<Mail aria-hidden="true" className="size-4" />}
      {...props}
    />
  );
}

type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete' | 'required'>;

/** A new password and its repetition; the browser's password manager offers to generate and keep it. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: NewPasswordFieldProps;
  confirmation: NewPasswordFieldProps;
}) {
  return (
    <>
      <PasswordField autoComplete="new-password" required {...password} />
      <PasswordField autoComplete="new-password" required {...confirmation} />
    </>
  );
}
