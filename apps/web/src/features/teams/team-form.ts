import {
  TEAM_EDIT_SIZE_MIN,
  TEAM_TEXTS,
  teamUpdateSchema,
  type ProjectSubType,
  type ProjectType,
  type Technology,
} from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';

/** The catalogue part of a team: category, then type, then sub-type, then technologies. */
export interface CatalogueSelection {
  service_category_id?: number | null;
  project_type_id?: number | null;
  projects_sub_types_id?: number | null;
  technology_ids?: number[];
}

export type CascadeField = 'service_category_id' | 'project_type_id' | 'projects_sub_types_id';

/**
 * A change clears every choice below it, since those belong to the old parent: the
 * category clears type, sub-type and technologies; the type clears sub-type and technologies; the
 * sub-type clears technologies.
 */
export function cascadeChange(field: CascadeField, value: number | null): CatalogueSelection {
  if (field === 'service_category_id') {
    return {
      service_category_id: value,
      project_type_id: null,
      projects_sub_types_id: null,
      technology_ids: [],
    };
  }
  if (field === 'project_type_id') {
    return { project_type_id: value, projects_sub_types_id: null, technology_ids: [] };
  }
  return { projects_sub_types_id: value, technology_ids: [] };
}

/** The technologies offered as chips: those of the chosen sub-type, else of the chosen type. */
export function availableTechnologies(
  selection: CatalogueSelection,
  projectTypes: readonly ProjectType[] | undefined,
  projectSubTypes: readonly ProjectSubType[] | undefined,
): Technology[] {
  if (selection.projects_sub_types_id != null) {
    return (
      projectSubTypes?.find((subType) => subType.id === selection.projects_sub_types_id)?.technologies ?? []
    );
  }
  if (selection.project_type_id != null) {
    return projectTypes?.find((type) => type.id === selection.project_type_id)?.technologies ?? [];
  }
  return [];
}

export function toggleTechnology(selected: readonly number[], technologyId: number): number[] {
  return selected.includes(technologyId)
    ? selected.filter((id) => id !== technologyId)
    : [...selected, technologyId];
}

/** The create failure texts by status, else the server's words. */
export function createTeamFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422) return TEAM_TEXTS.createValidation;
    if (error.status >= 500) return TEAM_TEXTS.createServer;
    if (error.status === 401) return TEAM_TEXTS.createAuthentication;
    return error.detail ?? TEAM_TEXTS.createFailed;
  }
  if (error instanceof Error && error.message) return error.message;
  return TEAM_TEXTS.createFailed;
}

export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function teamSizeBelowMembersMessage(memberCount: number): string {
  return `Team size cannot be below the current ${memberCountText(memberCount)}`;
}

/** An edit allows 1 to 100 members, and never fewer places than members. */
export function teamEditFormSchema(memberCount: number) {
  return teamUpdateSchema.refine((team) => team.max_members >= Math.max(memberCount, TEAM_EDIT_SIZE_MIN), {
    error: teamSizeBelowMembersMessage(memberCount),
    path: ['max_members'],
  });
}
