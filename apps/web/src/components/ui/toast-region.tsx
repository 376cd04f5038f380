import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ToastInput, ToastVariant } from './toast-context';

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export interface ToastRegionProps {
  toasts: readonly ToastItem[];
  onOpenChange: (id: number, open: boolean) => void;
}

const DEFAULT_DURATION_MS = 5000;

const variantClassNames: Record<ToastVariant, string> = {
  info: 'border-slate-200',
  success: 'border-emerald-300',
  error: 'border-red-300',
};

const accentClassNames: Record<ToastVariant, string> = {
  info: 'bg-indigo-600',
  success: 'bg-emerald-600',
  error: 'bg-red-600',
};

export function ToastRegion({ toasts, onOpenChange }: ToastRegionProps) {
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={DEFAULT_DURATION_MS}>
      {toasts.map((toast) => {
        const variant = toast.variant ?? 'info';
        return (
          <ToastPrimitive.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => onOpenChange(toast.id, open)}
            duration={toast.durationMs}
            type={variant === 'error' ? 'foreground' : 'background'}
            className={`toast-root relative flex w-full items-start gap-3 overflow-hidden rounded-xl border bg-white p-4 pl-5 shadow-lg ${variantClassNames[variant]}`}
          >
            <span
              aria-hidden="true"
              className={`absolute inset-y-0 left-0 w-1.5 ${accentClassNames[variant]}`}
            />
            <div className="flex-1">
              <ToastPrimitive.Title className="text-sm font-semibold text-slate-900">
                {toast.title}
              </ToastPrimitive.Title>
              {toast.description ? (
                <ToastPrimitive.Description className="mt-1 text-sm text-slate-700">
                  {toast.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Close notification"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
