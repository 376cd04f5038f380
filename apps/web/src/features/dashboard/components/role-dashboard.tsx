import { DASHBOARD_TEXTS as T, type Dashboard } from '@teamhire/shared';
import { ArrowRight, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatMoney } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { DashboardSection } from './dashboard-section';

const grid = 'grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3';

function EarningsCard({
  earnings,
}: {
  earnings: NonNullable<NonNullable<Dashboard['team_admin']>['earnings']>;
}) {
  const figures = [
    ['Pending', earnings.pending],
    ['Available', earnings.available],
    ['Paid out', earnings.paid_out],
  ] as const;
  return (
    <section
      aria-labelledby="dashboard-earnings-heading"
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="dashboard-earnings-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Wallet aria-hidden="true" className="size-5 text-indigo-700" />
        {T.earnings}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {figures.map(([label, amount]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="truncate font-semibold text-slate-900">{formatMoney(amount)}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/earnings"
        className="mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold text-indigo-700 hover:text-indigo-900"
      >
        View earnings
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

/** The sections of the caller's role, from GET /api/dashboard. */
export function RoleSections({ dashboard }: { dashboard: Dashboard }) {
  const { buyer, team_admin: teamAdmin, seller, general_admin: generalAdmin } = dashboard;
  return (
    <>
      {buyer ? (
        <div className={grid}>
          <DashboardSection
            title={T.activeOrders}
            list={buyer.active_orders}
            empty={T.noActiveOrders}
            nextStep={{ to: '/services', label: T.browseServices }}
            viewAll="/orders"
          />
          <DashboardSection
            title={T.awaitingAcceptance}
            list={buyer.awaiting_acceptance}
            empty={T.noDeliveries}
            viewAll="/orders"
          />
          <DashboardSection
            title={T.unreadConversations}
            list={buyer.unread_conversations}
            empty={T.noUnread}
            nextStep={{ to: '/messages', label: T.openMessages }}
            viewAll="/messages"
          />
        </div>
      ) : null}
      {teamAdmin ? (
        <div className={grid}>
          <DashboardSection
            title={T.ordersToStart}
            list={teamAdmin.orders_to_start}
            empty={T.noOrdersToStart}
            nextStep={{ to: '/services/manage-packages', label: T.managePackages }}
            viewAll="/orders"
          />
          <DashboardSection
            title={T.ordersToDeliver}
            list={teamAdmin.orders_to_deliver}
            empty={T.noOrdersToDeliver}
            viewAll="/orders"
          />
          <DashboardSection
            title={T.pendingApplications}
            list={teamAdmin.pending_applications}
            empty={T.noApplications}
            nextStep={{ to: '/teams/manage', label: T.manageTeams }}
            viewAll="/teams/manage"
          />
          <DashboardSection
            title={T.unreadConversations}
            list={teamAdmin.unread_conversations}
            empty={T.noUnread}
            nextStep={{ to: '/messages', label: T.openMessages }}
            viewAll="/messages"
          />
          {teamAdmin.earnings ? <EarningsCard earnings={teamAdmin.earnings} /> : null}
        </div>
      ) : null}
      {seller ? (
        <div className={grid}>
          <DashboardSection
            title={T.myApplications}
            list={seller.applications}
            empty={T.noOwnApplications}
            nextStep={{ to: '/teams/browse', label: T.browseTeams }}
            viewAll="/teams/my-teams"
          />
          <DashboardSection
            title={T.myTeams}
            list={seller.teams}
            empty={T.noTeams}
            nextStep={{ to: '/teams/browse', label: T.browseTeams }}
            viewAll="/teams/my-teams"
          />
        </div>
      ) : null}
      {generalAdmin ? (
        <div className={grid}>
          <DashboardSection
            title={T.pendingVerifications}
            list={generalAdmin.pending_verifications}
            empty={T.noVerifications}
            viewAll="/admin/verifications"
          />
          <DashboardSection
            title={T.openDisputes}
            list={generalAdmin.open_disputes}
            empty={T.noDisputes}
            viewAll="/admin/disputes"
          />
        </div>
      ) : null}
    </>
  );
}

/** What to do next, by role: loading, an error with Retry, or the role's sections. */
export function RoleDashboard() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingStatus text="Loading what needs you..." />;
  if (dashboard.isError)
    return (
      <ErrorWithRetry
        message={dashboard.error.message || T.loadFailed}
        onRetry={() => void dashboard.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      <RoleSections dashboard={dashboard.data} />
    </div>
  );
}
