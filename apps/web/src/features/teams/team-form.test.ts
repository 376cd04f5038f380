import { TEAM_TEXTS } from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { projectSubTypesFixture, projectTypesFixture } from '../../test/team-management-fixtures';
import {
  availableTechnologies,
  cascadeChange,
  createTeamFailureMessage,
  teamEditFormSchema,
  teamSizeBelowMembersMessage,
  toggleTechnology,
} from './team-form';

describe('cascadeChange', () => {
  it('clears type, sub-type and technologies when the category changes', () => {
    expect(cascadeChange('service_category_id', 4)).toEqual({
      service_category_id: 4,
      project_type_id: null,
      projects_sub_types_id: null,
      technology_ids: [],
    });
  });

  it('clears sub-type and technologies when the type changes, and keeps the category', () => {
    expect(cascadeChange('project_type_id', 5)).toEqual({
      project_type_id: 5,
      projects_sub_types_id: null,
      technology_ids: [],
    });
  });

  it('clears only technologies when the sub-type changes', () => {
    expect(cascadeChange('projects_sub_types_id', null)).toEqual({
      projects_sub_types_id: null,
      technology_ids: [],
    });
  });
});

describe('availableTechnologies', () => {
  it("offers the sub-type's technologies once a sub-type is chosen", () => {
    const offered = availableTechnologies(
      { project_type_id: 2, projects_sub_types_id: 3 },
      projectTypesFixture,
      projectSubTypesFixture,
    );
    expect(offered.map((technology) => technology.name)).toEqual(['Next.js', 'Vercel']);
  });

  it("offers the type's technologies without a sub-type, and none without a type", () => {
    expect(
      availableTechnologies({ project_type_id: 2 }, projectTypesFixture, projectSubTypesFixture).map(
        (technology) => technology.name,
      ),
    ).toEqual(['Next.js', 'React']);
    expect(availableTechnologies({ service_category_id: 1 }, projectTypesFixture, undefined)).toEqual([]);
  });

  it('toggles a technology in and out', () => {
    expect(toggleTechnology([40], 41)).toEqual([40, 41]);
    expect(toggleTechnology([40, 41], 40)).toEqual([41]);
  });
});

describe('createTeamFailureMessage', () => {
  it.each([
    [new ApiError(422, 'The project type does not belong to the category'), TEAM_TEXTS.createValidation],
    [new ApiError(500, null), TEAM_TEXTS.createServer],
    [new ApiError(401, 'Not authenticated'), TEAM_TEXTS.createAuthentication],
    [
      new ApiError(403, 'Only verified team admins can create teams'),
      'Only verified team admins can create teams',
    ],
    [new ApiError(409, null), TEAM_TEXTS.createFailed],
    [new NetworkError(), 'Backend server not available...'],
    ['nothing useful', TEAM_TEXTS.createFailed],
  ])('reads %o as %s', (error, message) => {
    expect(createTeamFailureMessage(error)).toBe(message);
  });
});

describe('teamEditFormSchema', () => {
  const team = {
    name: 'Launch Crew',
    service_category_id: 1,
    is_active: true,
    technology_ids: [],
  };

  it('allows 1 to 100 members, never fewer than the members the team has', () => {
    expect(teamEditFormSchema(1).safeParse({ ...team, max_members: 1 }).success).toBe(true);
    const below = teamEditFormSchema(4).safeParse({ ...team, max_members: 3 });
    expect(below.error?.issues.map((issue) => issue.message)).toEqual([teamSizeBelowMembersMessage(4)]);
    const over = teamEditFormSchema(1).safeParse({ ...team, max_members: 101 });
    expect(over.error?.issues.map((issue) => issue.message)).toEqual([TEAM_TEXTS.editSizeRange]);
  });
});
