import { OFFER_TEXTS, type Order } from '@teamhire/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One labelled value in a card's description list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function OrderPackageCard({
  servicePackage,
  fromOffer = false,
}: {
  servicePackage: Order['service_package'];
  /** The terms of a custom offer rather than a catalogue package. */
  fromOffer?: boolean;
}) {
  return (
    <InfoCard title={fromOffer ? OFFER_TEXTS.customOffer : 'Package'}>
      <p className="font-semibold text-slate-900">{servicePackage.title}</p>
      <p className="mt-1 line-clamp-4 text-sm text-slate-700">{servicePackage.description}</p>
      <p className="mt-2 text-sm text-slate-600">
        {`${servicePackage.duration_days} days delivery · ${formatMoney(servicePackage.price)}`}
      </p>
    </InfoCard>
  );
}

/** The selling team; the confirmation page also says whether it is active. */
export function OrderTeamCard({
  team,
  showActivity = false,
}: {
  team: Order['team'];
  showActivity?: boolean;
}) {
  return (
    <InfoCard title="Team">
      <div className="flex items-center gap-2">
        <Link
          to={`/teams/${team.id}`}
          className="font-semibold text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
        >
          {team.name}
        </Link>
        {showActivity ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${team.is_active ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}`}
          >
            {team.is_active ? 'Active' : 'Inactive'}
          </span>
        ) : null}
      </div>
      {team.description ? <p className="mt-1 text-sm text-slate-700">{team.description}</p> : null}
      <p className="mt-2 text-sm text-slate-600">
        {`${team.member_count}/${team.max_members} members · led by ${team.admin.username}`}
      </p>
    </InfoCard>
  );
}
