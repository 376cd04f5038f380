import { LoaderCircle } from 'lucide-react';

/** Shown while a page's code loads; it fades in late so fast loads never flash a spinner. */
export function PageLoading() {
  return (
    <div
      role="status"
      className="delayed-appear flex min-h-[50vh] items-center justify-center text-slate-600"
    >
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">Loading page...</span>
    </div>
  );
}
