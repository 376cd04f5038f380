import type { Certificate } from '@teamhire/shared';
import { CalendarDays, ExternalLink, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatItemMonth } from '../profile-dates';
import { ItemCard, ItemMeta } from './item-card';

function validity(item: Certificate): string {
  const issued = `Issued ${formatItemMonth(item.issue_date)}`;
  return item.expiry_date ? `${issued} · Expires ${formatItemMonth(item.expiry_date)}` : issued;
}

export function CertificateCard({ item, actions }: { item: Certificate; actions?: ReactNode }) {
  return (
    <ItemCard title={item.name} subtitle={item.issuer} actions={actions}>
      <ItemMeta icon={<CalendarDays aria-hidden="true" className="size-4 shrink-0" />}>
        {validity(item)}
      </ItemMeta>
      {item.credential_id ? (
        <ItemMeta icon={<KeyRound aria-hidden="true" className="size-4 shrink-0" />}>
          {`Credential ID: ${item.credential_id}`}
        </ItemMeta>
      ) : null}
      {item.credential_url ? (
        <a
          href={item.credential_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-indigo-700 hover:text-indigo-900 hover:underline"
        >
          View credential
          <span className="sr-only">{` for ${item.name} (opens in a new tab)`}</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
    </ItemCard>
  );
}
