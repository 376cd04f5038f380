import { IMAGE_TEXTS, type TeamDetail } from '@teamhire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';
import { ImageFileButton } from '../../../components/ui/image-file-button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useToast } from '../../../components/ui/toast-context';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { ApiError } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';
import { useRemoveTeamLogo } from '../api/remove-team-logo';
import { uploadTeamLogo } from '../api/upload-team-logo';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** The team's logo with Upload (progress shown), Replace and Remove, for its admin. */
export function TeamLogoField({ team }: { team: Pick<TeamDetail, 'id' | 'name' | 'logo'> }) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const removal = useRemoveTeamLogo();
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => () => abort.current?.(), []);

  const upload = (file: File) => {
    setProgress(0);
    const handle = uploadTeamLogo(team.id, file, setProgress);
    abort.current = handle.abort;
    handle.promise.then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: teamQueryKeys.all });
        setProgress(null);
        showToast({ title: IMAGE_TEXTS.logoUploaded, variant: 'success' });
      },
      (error: unknown) => {
        setProgress(null);
        if (error instanceof DOMException && error.name === 'AbortError') return;
        showToast({
          title: IMAGE_TEXTS.logoFailed,
          description: error instanceof ApiError && error.detail ? error.detail : undefined,
          variant: 'error',
        });
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-4">
      {team.logo ? (
        <ResponsiveImage
          image={team.logo}
          alt={`${team.name} logo`}
          sizes="64px"
          loading="eager"
          className="size-16 shrink-0 rounded-2xl border border-slate-200 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-indigo-100 text-xl font-bold text-indigo-800"
        >
          {initialsOf(team.name)}
        </span>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <ImageFileButton
            disabled={progress !== null}
            onFile={upload}
            onProblem={(message) => showToast({ title: message, variant: 'error' })}
          >
            {team.logo ? 'Replace logo' : 'Upload logo'}
          </ImageFileButton>
          {team.logo ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              disabled={progress !== null}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove logo
            </Button>
          ) : null}
        </div>
        {progress !== null ? (
          <UploadProgress fraction={progress} label="Uploading the logo" />
        ) : (
          <p className="text-xs text-slate-600">A square JPEG, PNG or WebP image under 10MB.</p>
        )}
      </div>
      <ConfirmationDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the logo?"
        description="Your team will show its initials instead."
        confirmLabel="Remove logo"
        destructive
        pending={removal.isPending}
        onConfirm={() =>
          removal.mutate(team.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast({ title: IMAGE_TEXTS.logoRemoved, variant: 'success' });
            },
            onError: () => showToast({ title: IMAGE_TEXTS.logoFailed, variant: 'error' }),
          })
        }
      />
    </div>
  );
}
