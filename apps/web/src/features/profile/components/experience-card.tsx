import type { Experience } from '@teamhire/shared';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPeriod } from '../profile-dates';
import { ItemCard, ItemDescription, ItemMeta } from './item-card';
import { ItemStatistics } from './item-statistics';

export function ExperienceCard({ item, actions }: { item: Experience; actions?: ReactNode }) {
  return (
    <ItemCard title={item.title} subtitle={item.company} actions={actions}>
      <ItemMeta icon={<CalendarDays aria-hidden="true" className="size-4 shrink-0" />}>
        {formatPeriod(item)}
      </ItemMeta>
      <ItemDescription text={item.description} />
      <ItemStatistics item={item} />
    </ItemCard>
  );
}
