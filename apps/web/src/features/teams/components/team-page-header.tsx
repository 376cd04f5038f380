import type { ImageSet, TeamProfile } from '@teamhire/shared';
import { CalendarDays, Tag, Users } from 'lucide-react';
import { useState } from 'react';
import { ContactTeamButton } from '../../../components/teams/contact-team-button';
import { formatMonthLabel } from '../../../lib/format';
import { bannerGradient, teamInitials } from '../team-page-display';

const AVAILABILITY_TEXT: Record<TeamProfile['availability'], string> = {
  available: 'Available for new work',
  busy: 'Busy: fully booked for now',
  unavailable: 'Not taking new work',
};

const AVAILABILITY_DOT: Record<TeamProfile['availability'], string> = {
  available: 'bg-emerald-500',
  busy: 'bg-amber-500',
  unavailable: 'bg-slate-400',
};

/**
 * The team's logo, or its initials on the banner's colours when it has none (or it fails to load).
 * Decorative: the team's name is the heading beside it.
 */
function TeamLogo({ name, logo, gradient }: { name: string; logo: ImageSet | null; gradient: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPicture = logo !== null && failedUrl !== logo.src;
  return (
    <span
      aria-hidden="true"
      className={`flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl border-4 border-white bg-gradient-to-br text-3xl font-bold text-white shadow-md sm:size-28 ${gradient}`}
    >
      {showPicture ? (
        <img
          src={logo.src}
          srcSet={logo.srcset}
          sizes="(min-width: 640px) 112px, 96px"
          width={logo.width}
          height={logo.height}
          alt=""
          className="size-full bg-white object-cover"
          onError={() => setFailedUrl(logo.src)}
        />
      ) : (
        teamInitials(name)
      )}
    </span>
  );
}

/**
 * Banner, logo, name and the one action a visitor came for. Without an uploaded logo the logo shows the
 * team's initials.
 */
export function TeamPageHeader({ team }: { team: TeamProfile }) {
  const gradient = bannerGradient(team.category);
  return (
    <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div aria-hidden="true" className={`relative h-28 bg-gradient-to-br sm:h-40 ${gradient}`}>
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(255_255_255/0.25),transparent_45%),radial-gradient(circle_at_85%_70%,rgb(255_255_255/0.18),transparent_40%)]" />
      </div>
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
        {/* Positioned, so it is drawn over the banner (itself positioned) that it overlaps. */}
        <div className="relative -mt-12 sm:-mt-14">
          <TeamLogo name={team.name} logo={team.logo} gradient={gradient} />
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {team.name}
          </h1>
          <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            {team.category ? (
              <li className="flex items-center gap-1.5">
                <Tag aria-hidden="true" className="size-4" />
                {team.category.name}
              </li>
            ) : null}
            <li className="flex items-center gap-1.5">
              <Users aria-hidden="true" className="size-4" />
              {`${team.member_count} ${team.member_count === 1 ? 'member' : 'members'}`}
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {`Member since ${formatMonthLabel(team.created_at.slice(0, 7))}`}
            </li>
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${AVAILABILITY_DOT[team.availability]}`}
              />
              {AVAILABILITY_TEXT[team.availability]}
            </li>
          </ul>
        </div>
        <div className="shrink-0">
          <ContactTeamButton team={team} size="lg" />
        </div>
      </div>
    </header>
  );
}
