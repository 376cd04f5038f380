import type { BudgetOption, ServiceType, TimelineOption } from '@teamhire/shared';

export interface TeamFinderSelection {
  service: ServiceType;
  options: readonly string[];
  technologies: readonly string[];
  budget: BudgetOption | null;
  timeline: TimelineOption | null;
}

/** The query string /teams reads back: service, options and technologies as comma lists, budget, timeline. */
export function buildTeamsUrl(selection: TeamFinderSelection): string {
  const params = new URLSearchParams({ service: selection.service });
  if (selection.options.length > 0) params.set('options', selection.options.join(','));
  if (selection.technologies.length > 0) params.set('technologies', selection.technologies.join(','));
  if (selection.budget) params.set('budget', selection.budget);
  if (selection.timeline) params.set('timeline', selection.timeline);
  return `/teams?${params.toString()}`;
}
