import { PROFILE_TEXTS, type Profile } from '@teamhire/shared';
import { LoaderCircle, UserPen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { RoleLabel } from '../../components/ui/role-label';
import { useProfile } from './api/get-profile';
import { EditableProfileSection } from './components/editable-profile-section';
import { ProfileHeader } from './components/profile-header';
import { PROFILE_SECTIONS } from './profile-sections';

function EditableSections({ profile }: { profile: Profile }) {
  return (
    <div className="flex flex-col gap-10">
      <EditableProfileSection definition={PROFILE_SECTIONS.experiences} items={profile.experiences} />
      <EditableProfileSection definition={PROFILE_SECTIONS.skills} items={profile.skills} />
      <EditableProfileSection definition={PROFILE_SECTIONS.certificates} items={profile.certificates} />
      <EditableProfileSection definition={PROFILE_SECTIONS.education} items={profile.education} />
    </div>
  );
}

/** The signed-in user's own professional profile, with add, edit and delete in every section. */
export function ProfilePage() {
  const user = useCurrentUser();
  const profile = useProfile();
  const failed = user.isError || profile.isError;
  const loading = (user.isPending || profile.isPending) && !failed;

  const retry = () => {
    if (user.isError) void user.refetch();
    if (profile.isError) void profile.refetch();
  };

  return (
    <PageShell
      title="My Profile"
      description="Your experience, skills, certificates and education, as buyers and teams see them."
    >
      <div className="flex flex-col gap-10">
        {user.isSuccess ? (
          <ProfileHeader
            person={user.data}
            role={<RoleLabel user={user.data} />}
            action={
              <Link to="/profile/edit" className={buttonClassName('secondary', 'sm')}>
                <UserPen aria-hidden="true" className="size-4" />
                Edit Profile
              </Link>
            }
          />
        ) : null}
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            Loading your profile...
          </p>
        ) : null}
        {failed ? <ErrorWithRetry message={PROFILE_TEXTS.loadFailed} onRetry={retry} /> : null}
        {profile.isSuccess ? <EditableSections profile={profile.data} /> : null}
      </div>
    </PageShell>
  );
}
