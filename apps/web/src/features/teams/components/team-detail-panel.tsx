import { MONEY_TEXTS, TEAM_TEXTS } from '@teamhire/shared';
import { LoaderCircle, MessageSquare, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useTeam } from '../../../lib/queries/get-team';
import { useTeamApplications } from '../api/get-team-applications';
import { EditTeamDialog } from './edit-team-dialog';
import { PayoutSplitPanel } from './payout-split-panel';
import { TeamApplicationsList } from './team-applications-list';
import { TeamLogoField } from './team-logo-field';
import { TeamMembersList } from './team-members-list';
import { TeamOverview } from './team-overview';

/** One of my teams with the tabs Overview, Applications, Members and Payout Split, and Edit Team. */
export function TeamDetailPanel({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  const applications = useTeamApplications(teamId, 'pending');
  const [tab, setTab] = useState('overview');
  const [editing, setEditing] = useState(false);

  if (team.isPending || applications.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading team...
      </p>
    );
  }
  if (team.isError || applications.isError) {
    return (
      <ErrorWithRetry
        message={TEAM_TEXTS.loadFailed}
        onRetry={() => {
          void team.refetch();
          void applications.refetch();
        }}
      />
    );
  }

  const detail = team.data;
  return (
    <section
      aria-labelledby="team-detail-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="team-detail-heading" className="text-2xl font-bold text-slate-900">
            {detail.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {`${detail.member_count}/${detail.max_members} members · ${detail.is_active ? 'Active' : 'Inactive'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/team-chat-dashboard/${detail.id}`} className={buttonClassName('ghost', 'sm')}>
            <MessageSquare aria-hidden="true" className="size-4" />
            Team Chats
          </Link>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit Team
          </Button>
        </div>
      </div>
      <div className="mt-5">
        <TeamLogoField team={detail} />
      </div>
      <div className="mt-6">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={`${detail.name} details`}>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="applications">{`Applications (${applications.data.length} pending)`}</TabsTrigger>
            <TabsTrigger value="members">{`Members (${detail.members.length})`}</TabsTrigger>
            <TabsTrigger value="payout-split">{MONEY_TEXTS.payoutSplitTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <TeamOverview team={detail} />
          </TabsContent>
          <TabsContent value="applications">
            <TeamApplicationsList applications={applications.data} teamName={detail.name} />
          </TabsContent>
          <TabsContent value="members">
            <TeamMembersList team={detail} />
          </TabsContent>
          <TabsContent value="payout-split">
            <PayoutSplitPanel teamId={detail.id} />
          </TabsContent>
        </Tabs>
      </div>
      <EditTeamDialog team={detail} open={editing} onOpenChange={setEditing} />
    </section>
  );
}
