import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS, type UpdateMeRequest, type User } from '@teamhire/shared';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { FormActions, formCardClassName } from '../../components/ui/form-actions';
import { TextField } from '../../components/ui/form-field';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useServerForm } from '../../lib/use-server-form';
import { useUpdateCurrentUser } from './api/update-current-user';
import { useUploadProfilePicture } from './api/upload-profile-picture';
import { EmailField, UsernameField } from './components/identity-fields';
import { ProfilePictureField, type PictureChoice } from './components/profile-picture-field';
import { editProfileFormSchema, type EditProfileFormValues } from './form-schemas';

/** How long the saved message stays before the page goes back. */
export const PROFILE_REDIRECT_MS = 2000;
/** Back to the profile once saved, where the change shows. */
export const PROFILE_SAVED_REDIRECT_PATH = '/profile';

const PROFILE_FIELDS = ['username', 'email', 'full_name'] as const;

/** Only what changed is sent: an unchanged email must not look like a new address to verify. */
export function profileChanges(
  user: User,
  values: EditProfileFormValues,
  pictureUrl: string | null | undefined,
): UpdateMeRequest {
  const changes: UpdateMeRequest = {};
  const username = values.username.trim();
  const email = values.email.trim();
  const fullName = values.full_name?.trim() ? values.full_name.trim() : null;
  if (username !== user.username) changes.username = username;
  if (email !== user.email) changes.email = email;
  if (fullName !== user.full_name) changes.full_name = fullName;
  if (pictureUrl !== undefined && pictureUrl !== user.profile_picture_url) {
    changes.profile_picture_url = pictureUrl;
  }
  return changes;
}

function uploadFailureMessage(error: unknown): string {
  // 413 and 415 explain themselves (too large, not an image the server accepts).
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return ACCOUNT_TEXTS.profileUpdateFailed;
}

function EditProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const updateUser = useUpdateCurrentUser();
  const uploadPicture = useUploadProfilePicture();
  const [picture, setPicture] = useState<PictureChoice>({ kind: 'unchanged' });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { register, errors, isSubmitting, failure, submit, showServerErrors } = useServerForm({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: { username: user.username, email: user.email, full_name: user.full_name ?? '' },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => void navigate(PROFILE_SAVED_REDIRECT_PATH), PROFILE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  const onSubmit = submit(
    async (values) => {
      if (picture.kind === 'new') {
        try {
          // The upload puts the picture on the profile by itself; the update carries the other fields.
          await uploadPicture.mutateAsync(picture.file);
        } catch (error) {
          setPictureError(uploadFailureMessage(error));
          return;
        }
      }
      const pictureUrl = picture.kind === 'removed' ? null : undefined;
      await updateUser.mutateAsync(profileChanges(user, values, pictureUrl));
      setSaved(true);
    },
    (error) => showServerErrors(error, PROFILE_FIELDS, ACCOUNT_TEXTS.profileUpdateFailed),
  );

  if (saved) return <Alert variant="success">{ACCOUNT_TEXTS.profileUpdated}</Alert>;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile" className={formCardClassName}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <ProfilePictureField
        user={user}
        choice={picture}
        error={pictureError}
        onChoose={(choice) => {
          setPictureError(null);
          setPicture(choice);
        }}
        onProblem={setPictureError}
      />
      <UsernameField error={errors.username?.message} {...register('username')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <TextField
        label="Full Name"
        optional
        autoComplete="name"
        error={errors.full_name?.message}
        {...register('full_name')}
      />
      <FormActions
        cancel={{ to: '/dashboard' }}
        pending={isSubmitting}
        submitIcon={<Save aria-hidden="true" className="size-4" />}
        submitLabel="Save Changes"
      />
    </form>
  );
}

export function EditProfilePage() {
  const user = useCurrentUser();
  return (
    <PageShell title="Edit Profile" description="Update your account details and profile picture.">
      {user.isPending ? <LoadingStatus text="Loading your profile..." /> : null}
      {user.isError ? (
        <ErrorWithRetry message={user.error.message} onRetry={() => void user.refetch()} />
      ) : null}
      {user.isSuccess ? <EditProfileForm user={user.data} /> : null}
    </PageShell>
  );
}
