import type { Education } from '@teamhire/shared';
import { BookOpen, CalendarDays, GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPeriod } from '../profile-dates';
import { ItemCard, ItemDescription, ItemMeta } from './item-card';

export function EducationCard({ item, actions }: { item: Education; actions?: ReactNode }) {
  return (
    <ItemCard title={item.degree} subtitle={item.institution} actions={actions}>
      {item.field_of_study ? (
        <ItemMeta icon={<BookOpen aria-hidden="true" className="size-4 shrink-0" />}>
          {item.field_of_study}
        </ItemMeta>
      ) : null}
      <ItemMeta icon={<CalendarDays aria-hidden="true" className="size-4 shrink-0" />}>
        {formatPeriod(item)}
      </ItemMeta>
      {item.gpa !== null ? (
        <ItemMeta icon={<GraduationCap aria-hidden="true" className="size-4 shrink-0" />}>
          {`GPA ${item.gpa}`}
        </ItemMeta>
      ) : null}
      <ItemDescription text={item.description} />
    </ItemCard>
  );
}
