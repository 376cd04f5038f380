import { RotateCcw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

/** A failed load: what went wrong and a way to try again, the same on every screen. */
export function ErrorWithRetry({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="error" className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{message}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    </Alert>
  );
}
