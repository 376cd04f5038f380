import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      {children}
    </p>
  );
}
