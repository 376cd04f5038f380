import { CircleExclamationPoint } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button';

export const ROUTE_ERROR_TITLE = 'Something went wrong';

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

/** Rendered inside the layout's <main> for page errors. */
export function RouteErrorView() {
  const error = useRouteError();

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Something went wrong · TeamHire</title>
      <CircleExclamationPoint aria-hidden="true" className="size-12 text-red-600" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{ROUTE_ERROR_TITLE}</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {errorMessage(error)}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Link to="/" reloadDocument className={buttonClassName('primary')}>
          Back to home
        </Link>
      </div>
    </div>
  );
}

/** Last resort when the layout itself failed: provides its own landmark. */
export function RootErrorView() {
  return (
    <main className="min-h-screen bg-white">
      <RouteErrorView />
    </main>
  );
}
