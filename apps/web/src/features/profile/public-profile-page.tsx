import { PROFILE_TEXTS, type PublicProfile } from '@teamhire/shared';
import { LoaderCircle, UserRoundX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { ROLE_LABELS } from '../../lib/roles';
import { usePublicProfile } from './api/get-public-profile';
import { ProfileHeader } from './components/profile-header';
import { ProfileSection } from './components/profile-section';
import { PROFILE_SECTIONS } from './profile-sections';

export const PROFILE_NOT_FOUND_TEXT = 'Profile not found';

/** Only a positive whole number can name a user; anything else is not found without asking. */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

function ProfileNotFound() {
  return (
    <PageShell title={PROFILE_NOT_FOUND_TEXT}>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <UserRoundX aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-slate-700">This user does not exist or their account is no longer active.</p>
        <Link to="/dashboard" className={buttonClassName('secondary', 'sm')}>
          Go to Dashboard
        </Link>
      </div>
    </PageShell>
  );
}

function ReadOnlySections({ profile }: { profile: PublicProfile }) {
  return (
    <div className="flex flex-col gap-10">
      <ProfileSection definition={PROFILE_SECTIONS.experiences} items={profile.experiences} />
      <ProfileSection definition={PROFILE_SECTIONS.skills} items={profile.skills} />
      <ProfileSection definition={PROFILE_SECTIONS.certificates} items={profile.certificates} />
      <ProfileSection definition={PROFILE_SECTIONS.education} items={profile.education} />
    </div>
  );
}

function PublicProfileContent({ userId }: { userId: number }) {
  const profile = usePublicProfile(userId);
  const viewer = useCurrentUser();

  if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404) {
    return <ProfileNotFound />;
  }
  return (
    <PageShell title="Member Profile">
      <div className="flex flex-col gap-10">
        {profile.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            Loading profile...
          </p>
        ) : null}
        {profile.isError ? (
          <ErrorWithRetry message={PROFILE_TEXTS.loadFailed} onRetry={() => void profile.refetch()} />
        ) : null}
        {profile.isSuccess ? (
          <>
            {viewer.data?.id === userId ? (
              <Alert variant="info">
                This is how other members see your profile.{' '}
                <Link to="/profile" className="font-semibold underline">
                  Edit it on My Profile
                </Link>
              </Alert>
            ) : null}
            <ProfileHeader person={profile.data.user} role={ROLE_LABELS[profile.data.user.role]} />
            <ReadOnlySections profile={profile.data} />
          </>
        ) : null}
      </div>
    </PageShell>
  );
}

/** Another member's professional profile, read-only and without their email (team panels link here). */
export function PublicProfilePage() {
  const { id } = useParams();
  const userId = parseUserId(id);
  if (userId === null) return <ProfileNotFound />;
  return <PublicProfileContent key={userId} userId={userId} />;
}
