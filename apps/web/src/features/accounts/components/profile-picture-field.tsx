import type { User } from '@teamhire/shared';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { profilePictureProblem } from '../profile-picture';
import { UserAvatar } from '../../../components/ui/user-avatar';

export type PictureChoice = { kind: 'unchanged' } | { kind: 'new'; file: File } | { kind: 'removed' };

/** Shows the picture the profile will have after saving: the chosen file, none, or the current one. */
export function ProfilePictureField({
  user,
  choice,
  error,
  onChoose,
  onProblem,
}: {
  user: Pick<User, 'username' | 'profile_picture_url'>;
  choice: PictureChoice;
  error: string | null;
  onChoose: (choice: PictureChoice) => void;
  onProblem: (message: string) => void;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(
    () => (choice.kind === 'new' ? URL.createObjectURL(choice.file) : null),
    [choice],
  );

  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const shownPicture =
    choice.kind === 'new' ? previewUrl : choice.kind === 'removed' ? null : user.profile_picture_url;

  const onFileChange = (files: FileList | null) => {
    const file = files?.[0];
    // The same file may be picked again after fixing nothing; clearing lets the change event fire.
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = profilePictureProblem(file);
    if (problem) onProblem(problem);
    else onChoose({ kind: 'new', file });
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium text-slate-800">Profile Picture</legend>
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={{ username: user.username, profile_picture_url: shownPicture }} size="lg" />
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 hover:bg-slate-50"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            Choose Image
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onFileChange(event.target.files)}
            />
          </label>
          {shownPicture ? (
            <Button variant="ghost" size="sm" onClick={() => onChoose({ kind: 'removed' })}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove Picture
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-slate-600">
        {choice.kind === 'new' ? `Selected: ${choice.file.name}. ` : ''}An image file smaller than 5MB.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
