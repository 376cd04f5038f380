import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName, type ButtonProps } from './button';
import { DialogClose } from './dialog';

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  pending: boolean;
  /** Shown while idle; the spinner takes its place while the form is sent. */
  icon?: ReactNode;
  /** Large and as wide as the form: the one action of a sign-in or sign-up card. */
  fullWidth?: boolean;
};

/** A form's submit button: disabled while sending, so a second click cannot send it twice. */
export function SubmitButton({
  pending,
  disabled = false,
  icon,
  fullWidth = false,
  children,
  ...props
}: SubmitButtonProps) {
  const fullWidthProps = fullWidth ? ({ size: 'lg', className: 'w-full' } as const) : {};
  return (
    <Button type="submit" disabled={pending || disabled} {...fullWidthProps} {...props}>
      {pending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      ) : (
        icon
      )}
      {children}
    </Button>
  );
}

/** Where Cancel leads: back to a page, or out of the dialog that holds the form. */
export type CancelTarget = { to: string } | 'dialog';

/** The row under a form: Cancel, then the submit button (stacked the other way round on narrow screens). */
export function FormActions({
  cancel,
  pending,
  submitIcon,
  submitLabel,
}: {
  cancel: CancelTarget;
  pending: boolean;
  submitIcon?: ReactNode;
  submitLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancel === 'dialog' ? (
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      ) : (
        <Link to={cancel.to} className={buttonClassName('secondary')}>
          Cancel
        </Link>
      )}
      <SubmitButton pending={pending} icon={submitIcon}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

/** A form that stands on a page by itself, as a card. */
export const formCardClassName =
  'flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
