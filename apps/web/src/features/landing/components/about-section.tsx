import { Eye, Users, Zap, type LucideIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';

/** Far below the fold: its code comes after the page's; until then a box of its exact size holds its place. */
const TeamIllustration = lazy(() =>
  import('./team-illustration').then((module) => ({ default: module.TeamIllustration })),
);

const PILLARS: ReadonlyArray<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: 'Instant execution',
    text: 'Work is assigned the moment it is ready, to the person best placed to do it.',
    icon: Zap,
  },
  {
    title: 'Clear visibility',
    text: 'Everyone sees what is in progress, what is blocked and what has shipped.',
    icon: Eye,
  },
  {
    title: 'Team synergy',
    text: 'Developers, designers and buyers share one place to talk, decide and deliver.',
    icon: Users,
  },
];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">About</p>
          <h2
            id="about-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Built for teams that work apart and deliver together
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-600">
            <p>
              TeamHire is a collaboration platform for distributed teams to assign, track and deliver work in
              real time. Buyers describe what they need, and teams of developers and designers pick it up
              without the overhead of a traditional agency.
            </p>
            <p>
              Every team on the platform is run by a verified team administrator, carries a track record of
              completed projects and reviews, and shows which technologies it works with, so you know who you
              are hiring before the first message.
            </p>
            <p>
              From the first conversation to the final delivery, orders, chat and progress live in one place.
              No status meetings to chase updates, no spreadsheets to reconcile.
            </p>
          </div>
          <ul className="mt-8 space-y-5">
            {PILLARS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{title}</p>
                  <p className="text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center">
          <Suspense fallback={<div aria-hidden="true" className="aspect-[5/4] w-full max-w-md" />}>
            <TeamIllustration />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
