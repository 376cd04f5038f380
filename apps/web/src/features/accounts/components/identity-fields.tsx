import { Mail, UserRound } from 'lucide-react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { PasswordField, TextField, type TextFieldProps } from '../../../components/ui/form-field';

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

/**
 * A new password and its repetition in 'confirm_password'; the browser's password manager offers to
 * generate and keep it.
 */
export function NewPasswordFields<T extends FieldValues>({
  register,
  errors,
  name,
  label,
  confirmLabel = 'Confirm Password',
  hint,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  name: Path<T>;
  label: string;
  confirmLabel?: string;
  hint?: string;
}) {
  const confirmName = 'confirm_password' as Path<T>;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        hint={hint}
        error={errors[name]?.message?.toString()}
        {...register(name)}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={errors[confirmName]?.message?.toString()}
        {...register(confirmName)}
      />
    </>
  );
}
