import type { ServiceCategory } from '@teamhire/shared';
import { ServiceCategoryCard } from './service-category-card';

/** The category cards, with the icon of every category (loaded with them, see ServicesSection). */
export function ServiceCategoryList({ categories }: { categories: readonly ServiceCategory[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((category) => (
        <ServiceCategoryCard key={category.id} category={category} />
      ))}
    </ul>
  );
}
