import { LoaderCircle } from 'lucide-react';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { buildPrimaryLinks, buildWorkspaceLinks } from '../navigation/navigation-links';
import { showsTeamAdminApplicationCard } from '../../features/verification/team-admin-application';
import { DashboardHeader } from './dashboard-header';
import { EmailVerificationNotice } from '../../features/accounts/components/email-verification-notice';
import { ProfileOverviewCard } from './profile-overview-card';
import { TeamAdminApplicationCard } from '../../features/verification/components/team-admin-application-card';
import { QuickLinks } from './quick-links';
import { RoleDashboard } from '../../features/dashboard/components/role-dashboard';

export function DashboardPage() {
  const user = useCurrentUser();
  const flags = useNavigationFlags();

  return (
    <>
      <title>Dashboard · TeamHire</title>
      <DashboardHeader />
      <div className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          {user.isPending ? (
            <p role="status" className="mt-10 flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Loading your dashboard...
            </p>
          ) : null}
          {user.isError ? (
            <ErrorWithRetry
              className="mt-8"
              message={user.error.message}
              onRetry={() => void user.refetch()}
            />
          ) : null}
          {user.isSuccess ? (
            <div className="mt-8 flex flex-col gap-6">
              <p className="text-lg text-slate-700">{`Welcome back, ${user.data.username}!`}</p>
              {/* Email verification (the link in the mail) is its own notice; role verification is the
                  profile's badge and the seller's Team Admin application below: never one thing. */}
              {user.data.email_verified ? null : <EmailVerificationNotice user={user.data} />}
              <RoleDashboard />
              {/* minmax(0, 1fr) columns: a long username or email truncates instead of widening the page. */}
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
                <div className="lg:col-span-2">
                  <ProfileOverviewCard user={user.data} />
                </div>
                {flags.data ? (
                  <QuickLinks
                    links={[
                      // The navigation bar is hidden here: its links, but this page, come first.
                      ...buildPrimaryLinks(user.data, flags.data).filter((link) => link.to !== '/dashboard'),
                      ...buildWorkspaceLinks(user.data, flags.data),
                    ]}
                  />
                ) : null}
                {showsTeamAdminApplicationCard(user.data) ? (
                  <div className="lg:col-span-2">
                    <TeamAdminApplicationCard user={user.data} />
                  </div>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
