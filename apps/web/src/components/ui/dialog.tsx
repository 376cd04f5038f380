import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** 'sheet': the full width of the screen, rising from the bottom, as phones show a panel of filters. */
  placement?: 'center' | 'sheet';
}

const PLACEMENT_CLASS_NAME = {
  center:
    'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  sheet: 'inset-x-0 bottom-0 max-h-[85vh] w-full rounded-t-2xl',
};

/** A modal with a title, focus kept inside, Escape and the close button to leave. */
export function DialogContent({ title, description, children, placement = 'center' }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={`dialog-content fixed z-50 overflow-y-auto bg-white p-6 shadow-xl focus:outline-none ${PLACEMENT_CLASS_NAME[placement]}`}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-xl font-bold text-slate-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Close dialog"
            className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {description ? (
          <DialogPrimitive.Description className="mt-2 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-5">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
