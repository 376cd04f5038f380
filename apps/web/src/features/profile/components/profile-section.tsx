import type { ProfileKind } from '@teamhire/shared';
import { useId, type ReactNode, type Ref } from 'react';
import type { ProfileItem } from '../profile-item-types';
import type { ProfileSectionDefinition } from '../profile-sections';

/** One list of the profile; the owner's page adds its Add button and each item's actions. */
export function ProfileSection<K extends ProfileKind>({
  definition,
  items,
  addButton,
  renderActions,
  headingRef,
}: {
  definition: ProfileSectionDefinition<K>;
  items: readonly ProfileItem<K>[];
  addButton?: ReactNode;
  renderActions?: (item: ProfileItem<K>) => ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const { Card } = definition;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2
          id={headingId}
          ref={headingRef}
          // Focus lands here after an item is deleted, so the keyboard user is not thrown to the top.
          tabIndex={-1}
          className="flex items-center gap-2 rounded text-xl font-bold text-slate-900 focus:outline-none"
        >
          {definition.icon}
          {definition.heading}
        </h2>
        {items.length > 0 ? addButton : null}
      </div>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
          <p className="text-slate-600">{definition.emptyText}</p>
          {addButton}
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <Card item={item} actions={renderActions?.(item)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
