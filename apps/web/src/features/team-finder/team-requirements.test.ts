import { SERVICE_PAGES } from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import { categoryForService, idsByName, readSort, readTeamRequirements } from './team-requirements';

describe('readTeamRequirements', () => {
  it('reads what a fixed service page put in the query', () => {
    const requirements = readTeamRequirements(
      new URLSearchParams(
        'service=web&options=Landing+Page%2CE-commerce+Store&technologies=React%2CTypeScript&budget=15k-50k&timeline=2-3months',
      ),
    );
    expect(requirements).toEqual({
      service: 'web',
      definition: SERVICE_PAGES[0],
      options: ['Landing Page', 'E-commerce Store'],
      technologies: ['React', 'TypeScript'],
      budgetLabel: '$15,000 - $50,000',
      timelineLabel: '2-3 months',
      sort: 'rating',
    });
  });

  it('tolerates missing, repeated and unknown values', () => {
    const requirements = readTeamRequirements(
      new URLSearchParams('service=space&options=A,,A, B&budget=lots&sort=cheapest'),
    );
    expect(requirements.definition).toBeNull();
    expect(requirements.options).toEqual(['A', 'B']);
    expect(requirements.technologies).toEqual([]);
    expect(requirements.budgetLabel).toBeNull();
    expect(requirements.timelineLabel).toBeNull();
    expect(requirements.sort).toBe('rating');
  });

  it('accepts the three sorts', () => {
    expect(readSort('rating')).toBe('rating');
    expect(readSort('projects')).toBe('projects');
    expect(readSort('rate')).toBe('rate');
    expect(readSort('newest')).toBe('rating');
    expect(readSort(null)).toBe('rating');
  });
});

describe('mapping names to catalogue ids', () => {
  const projectTypes = [
    { id: 4, name: 'Landing Page' },
    { id: 5, name: 'E-commerce Store' },
    { id: 6, name: 'Corporate Website' },
  ];

  it('finds project type ids by name, ignoring case and unknown names', () => {
    expect(idsByName(['E-commerce Store', 'landing page ', 'Rocket Science'], projectTypes)).toEqual([5, 4]);
    expect(idsByName([], projectTypes)).toEqual([]);
  });

  it('gives each id once', () => {
    expect(idsByName(['React', 'react'], [{ id: 30, name: 'React' }])).toEqual([30]);
  });

  it('finds the category of a service page by its category name', () => {
    const mobile = SERVICE_PAGES.find((page) => page.service === 'mobile')!;
    const categories = [
      { id: 1, name: 'Web Development' },
      { id: 2, name: 'Mobile Development' },
    ];
    expect(categoryForService(mobile, categories)).toEqual({ id: 2, name: 'Mobile Development' });
    expect(categoryForService(mobile, categories.slice(0, 1))).toBeNull();
  });
});
