import type { Skill, SkillInput } from '@teamhire/shared';
import { Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { ItemCard, ItemMeta } from './item-card';
import { ItemStatistics } from './item-statistics';

const levelClassNames: Record<SkillInput['level'], string> = {
  Beginner: 'bg-slate-100 text-slate-800 ring-slate-500/20',
  Intermediate: 'bg-sky-50 text-sky-900 ring-sky-600/20',
  Advanced: 'bg-indigo-50 text-indigo-900 ring-indigo-600/20',
  Expert: 'bg-emerald-50 text-emerald-900 ring-emerald-600/20',
};

export function SkillLevelBadge({ level }: { level: SkillInput['level'] }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${levelClassNames[level]}`}
    >
      {level}
    </span>
  );
}

export function SkillCard({ item, actions }: { item: Skill; actions?: ReactNode }) {
  return (
    <ItemCard title={item.name} badge={<SkillLevelBadge level={item.level} />} actions={actions}>
      {item.category ? (
        <ItemMeta icon={<Tag aria-hidden="true" className="size-4 shrink-0" />}>{item.category}</ItemMeta>
      ) : null}
      <ItemStatistics item={item} />
    </ItemCard>
  );
}
