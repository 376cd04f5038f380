/** Every team query starts with 'teams', so a change to any team can refresh them all at once. */
export const teamQueryKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
  memberOf: ['teams', 'member-of'] as const,
  detail: (teamId: number) => ['teams', 'detail', teamId] as const,
  /** The public team page. */
  profile: (teamId: number) => ['teams', 'profile', teamId] as const,
  applications: (teamId: number) => ['teams', 'applications', teamId] as const,
  myApplications: ['teams', 'my-applications'] as const,
};

/** My teams 2 minutes, a team's detail 30 s: its applications and members change more often. */
export const MY_TEAMS_STALE_TIME_MS = 2 * 60_000;
export const TEAM_DETAIL_STALE_TIME_MS = 30_000;
