import { LoaderCircle } from 'lucide-react';

/** What is loading, announced politely to screen readers, with a spinner for everyone else. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      {text}
    </p>
  );
}
