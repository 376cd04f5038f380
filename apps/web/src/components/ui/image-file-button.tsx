import { IMAGE_ACCEPTED_TYPES, IMAGE_TEXTS, IMAGE_UPLOAD_MAX_BYTES } from '@teamhire/shared';
import { ImageUp } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';

/** Checked before uploading, so a wrong file never leaves the browser (the server checks the bytes). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return IMAGE_TEXTS.notImage;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TEXTS.tooLarge;
  return null;
}

/**
 * A button that opens the file picker for a JPEG, PNG or WebP image: a label around a visually hidden
 * input, so the keyboard reaches the input itself and the browser's own picker opens.
 */
export function ImageFileButton({
  children,
  disabled = false,
  onFile,
  onProblem,
}: {
  children: ReactNode;
  disabled?: boolean;
  onFile: (file: File) => void;
  onProblem: (message: string) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <label
      htmlFor={inputId}
      className={`inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 ${
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'
      }`}
    >
      <ImageUp aria-hidden="true" className="size-4" />
      {children}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPTED_TYPES.join(',')}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be picked again; clearing lets the change event fire.
          if (inputRef.current) inputRef.current.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          if (problem) onProblem(problem);
          else onFile(file);
        }}
      />
    </label>
  );
}
