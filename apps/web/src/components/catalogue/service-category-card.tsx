import { FADE_IN_VISIBLE_RATIO, type ServiceCategory } from '@teamhire/shared';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useInViewOnce } from '../../lib/use-in-view';
import { CategoryIcon } from './category-icon';

export const CATEGORY_DESCRIPTION_FALLBACK = 'Professional services in this category';

export function ServiceCategoryCard({ category }: { category: ServiceCategory }) {
  const { ref, inView } = useInViewOnce<HTMLLIElement>({ threshold: FADE_IN_VISIBLE_RATIO });
  const id = useId();

  return (
    <li
      ref={ref}
      data-visible={inView}
      className={`transition duration-700 ease-out motion-reduce:transition-none ${
        inView ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'
      }`}
    >
      <Link
        to={`/service/${category.id}`}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-description`}
        className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:border-indigo-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
      >
        <span
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700"
        >
          <CategoryIcon name={category.name} className="size-6" />
        </span>
        <h3 id={`${id}-name`} className="text-lg font-semibold text-slate-900">
          {category.name}
        </h3>
        <p id={`${id}-description`} className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
          {category.description?.trim() || CATEGORY_DESCRIPTION_FALLBACK}
        </p>
        <span
          aria-hidden="true"
          className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-700"
        >
          View teams
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
          />
        </span>
      </Link>
    </li>
  );
}
