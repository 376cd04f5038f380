import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastInput } from './toast-context';
import type { ToastItem } from './toast-region';

/** Toasts are rare, so the primitive library behind them loads with the first one, not with every page. */
const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

const CLOSE_ANIMATION_MS = 300;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [regionNeeded, setRegionNeeded] = useState(false);
  const nextId = useRef(0);

  const showToast = useCallback((toast: ToastInput) => {
    nextId.current += 1;
    const id = nextId.current;
    setRegionNeeded(true);
    setToasts((current) => [...current, { ...toast, id, open: true }]);
  }, []);

  const handleOpenChange = useCallback((id: number, open: boolean) => {
    if (open) return;
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    // Kept mounted for the close animation, then dropped so the list does not grow forever.
    window.setTimeout(
      () => setToasts((current) => current.filter((toast) => toast.id !== id)),
      CLOSE_ANIMATION_MS,
    );
  }, []);

  return (
    <ToastContext value={showToast}>
      {children}
      {regionNeeded ? (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onOpenChange={handleOpenChange} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
