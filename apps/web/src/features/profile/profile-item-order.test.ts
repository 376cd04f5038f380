import { describe, expect, it } from 'vitest';
import { sortProfileItems, withItems } from './profile-item-order';
import { certificateFixture, emptyProfile, experienceFixture, skillFixture } from './profile-test-fixtures';

describe('sortProfileItems', () => {
  it('puts dated items newest first, the later id first on the same date', () => {
    const items = [
      experienceFixture({ id: 1, start_date: '2019-01-01' }),
      experienceFixture({ id: 2, start_date: '2023-06-01' }),
      experienceFixture({ id: 3, start_date: '2019-01-01' }),
    ];
    expect(sortProfileItems('experiences', items).map((item) => item.id)).toEqual([2, 3, 1]);
  });

  it('orders certificates by issue date and skills as they were added', () => {
    const certificates = [
      certificateFixture({ id: 1, issue_date: '2020-01-01' }),
      certificateFixture({ id: 2, issue_date: '2024-01-01' }),
    ];
    expect(sortProfileItems('certificates', certificates).map((item) => item.id)).toEqual([2, 1]);
    const skills = [skillFixture({ id: 9 }), skillFixture({ id: 4 })];
    expect(sortProfileItems('skills', skills).map((item) => item.id)).toEqual([4, 9]);
  });
});

describe('withItems', () => {
  it('replaces one list and leaves the others', () => {
    const profile = { ...emptyProfile, skills: [skillFixture({ id: 5 })] };
    const updated = withItems(profile, 'experiences', (items) => [...items, experienceFixture()]);
    expect(updated.experiences).toHaveLength(1);
    expect(updated.skills).toBe(profile.skills);
  });
});
