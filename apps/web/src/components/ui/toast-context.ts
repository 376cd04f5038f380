import { createContext, useContext } from 'react';

export type ToastVariant = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export type ShowToast = (toast: ToastInput) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/**
 * Replaces the browser's blocking alert(): the same texts, shown as an accessible toast that does not stop
 * the page.
 */
export function useToast(): { showToast: ShowToast } {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast must be used inside <ToastProvider>');
  return { showToast };
}
