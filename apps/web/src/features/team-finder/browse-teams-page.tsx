import { APPLICATION_MESSAGE_MAX, TEAM_BROWSE_PAGE_SIZE, TEAM_TEXTS, type Team } from '@teamhire/shared';
import { ChevronLeft, ChevronRight, Lightbulb, Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { TextAreaField, TextField } from '../../components/ui/form-field';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useMemberTeams } from '../../lib/queries/get-member-teams';
import { useMyApplications } from '../../lib/queries/get-my-applications';
import { useApplyToTeam } from './api/apply-to-team';
import { useTeams } from './api/get-teams';
import { applyButtonState, type SellerStanding } from './apply-button-state';
import { ContactTeamButton } from '../../components/teams/contact-team-button';
import { TeamResults } from './components/team-results';
import { LoadingStatus } from '../../components/ui/loading-status';
import { WidePage } from '../../components/ui/wide-page';

export const SEARCH_DEBOUNCE_MS = 400;

/** The server's words when it gave any, else the fixed text. */
export function applyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? TEAM_TEXTS.applyFailed;
  return error instanceof Error && error.message ? error.message : TEAM_TEXTS.applyFailed;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function useDebouncedSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const [input, setInput] = useState(search);

  useEffect(() => {
    const wanted = input.trim();
    if (wanted === search) return;
    const timer = window.setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('search', wanted);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, search, setSearchParams]);

  return { input, setInput, search };
}

function Tips({ seller }: { seller: boolean }) {
  const tips = seller
    ? [
        'Read the team description and technologies to see where your skills fit.',
        'Add a short message: who you are, what you have built, and when you can start.',
        'A full or inactive team cannot take applications; check back later or try a similar team.',
        'You can follow your applications under Manage Teams.',
      ]
    : [
        'Search by name when you already know the team you want.',
        'Compare completed projects and ratings to see how a team has delivered before.',
        'Busy teams still take requests: join their waitlist.',
        'For a project that fits no team, contact us and we will assemble one.',
      ];
  return (
    <aside
      aria-labelledby="browse-tips-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-6"
    >
      <h2 id="browse-tips-heading" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <Lightbulb aria-hidden="true" className="size-5" />
        Tips
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-amber-950">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}

function ApplyButton({
  team,
  standing,
  onApply,
}: {
  team: Team;
  standing: SellerStanding;
  onApply: (team: Team) => void;
}) {
  const state = applyButtonState(team, standing);
  return (
    <Button
      size="sm"
      variant={state.label === 'Apply to Join' ? 'primary' : 'secondary'}
      disabled={state.disabled}
      aria-label={`${state.label}: ${team.name}`}
      onClick={() => onApply(team)}
    >
      {state.label}
    </Button>
  );
}

/** /teams/browse: sellers apply to join; buyers ('Find Teams') get in touch. */
export function BrowseTeamsPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const { input, setInput, search } = useDebouncedSearch();
  const page = readPage(searchParams.get('page'));
  const [message, setMessage] = useState('');
  const { showToast } = useToast();

  const seller = user.data?.role === 'SELLER';
  const teams = useTeams(
    { search, skip: (page - 1) * TEAM_BROWSE_PAGE_SIZE, limit: TEAM_BROWSE_PAGE_SIZE, sort: 'newest' },
    { keepPrevious: true },
  );
  const applications = useMyApplications({ enabled: seller });
  const memberTeams = useMemberTeams({ enabled: seller });
  const apply = useApplyToTeam();

  const standing = useMemo<SellerStanding>(
    () => ({
      memberTeamIds: new Set(memberTeams.data?.map((team) => team.id)),
      pendingTeamIds: new Set(
        applications.data
          ?.filter((application) => application.status === 'pending')
          .map((application) => application.team.id),
      ),
      applyingTeamId: apply.isPending ? (apply.variables?.team_id ?? null) : null,
    }),
    [memberTeams.data, applications.data, apply.isPending, apply.variables],
  );

  const applyTo = (team: Team) => {
    apply.mutate(
      { team_id: team.id, application_message: message.trim() || null },
      {
        onSuccess: () => {
          setMessage('');
          showToast({ title: TEAM_TEXTS.applySuccess, variant: 'success' });
        },
        onError: (error) => showToast({ title: applyErrorMessage(error), variant: 'error' }),
      },
    );
  };

  const goToPage = (next: number) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  };

  if (user.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <LoadingStatus text="Loading..." />
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <ErrorWithRetry message={user.error.message} onRetry={() => void user.refetch()} />
      </div>
    );
  }

  const title = user.data.role === 'BUYER' ? 'Find Teams' : 'Browse Teams';
  const total = teams.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TEAM_BROWSE_PAGE_SIZE));
  const firstShown = total === 0 ? 0 : (page - 1) * TEAM_BROWSE_PAGE_SIZE + 1;
  const lastShown = Math.min(total, page * TEAM_BROWSE_PAGE_SIZE);
  const standingError = applications.error ?? memberTeams.error;

  return (
    <WidePage
      title={title}
      description={
        seller
          ? 'Find a team that matches your skills and apply to join it.'
          : 'Find the team that will build your project, and get in touch.'
      }
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    >
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <div role="search">
            <TextField
              label="Search teams by name"
              type="search"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              maxLength={100}
              placeholder="e.g. Pixel Crafters"
              startIcon={<Search aria-hidden="true" className="size-4" />}
            />
          </div>

          {standingError ? (
            <Alert variant="error">{`Could not check your applications: ${standingError.message}`}</Alert>
          ) : null}

          {teams.isSuccess ? (
            <p role="status" className="text-sm text-slate-600">
              {lastShown < firstShown || total === 0
                ? 'No teams to show'
                : `Showing ${firstShown}-${lastShown} of ${total} teams`}
            </p>
          ) : null}

          <TeamResults
            teams={teams}
            loadingText="Loading teams..."
            keepListOnError
            columnsClassName="md:grid-cols-2"
            actions={(team) =>
              seller ? (
                <ApplyButton team={team} standing={standing} onApply={applyTo} />
              ) : (
                <ContactTeamButton team={team} />
              )
            }
            empty={
              <EmptyState
                icon={SearchX}
                title={
                  total > 0
                    ? 'This page is past the last team.'
                    : search
                      ? `No teams found for '${search}'.`
                      : 'No teams have been created yet.'
                }
              >
                {total > 0 ? (
                  <Button variant="secondary" className="mt-4" onClick={() => goToPage(1)}>
                    Go to the first page
                  </Button>
                ) : null}
              </EmptyState>
            }
          />

          {pageCount > 1 ? (
            <nav aria-label="Pagination" className="flex items-center justify-between gap-4">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <p className="text-sm text-slate-600">{`Page ${page} of ${pageCount}`}</p>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pageCount}
                onClick={() => goToPage(page + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </div>

        <div className="flex flex-col gap-6 lg:col-span-1">
          {seller ? (
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <TextAreaField
                label="Application Message"
                optional
                hint={`Sent with your next application. ${message.length}/${APPLICATION_MESSAGE_MAX} characters.`}
                value={message}
                maxLength={APPLICATION_MESSAGE_MAX}
                onChange={(event) => setMessage(event.target.value)}
                placeholder="Introduce yourself and what you would bring to the team."
              />
            </div>
          ) : null}
          <Tips seller={seller} />
        </div>
      </div>
    </WidePage>
  );
}
