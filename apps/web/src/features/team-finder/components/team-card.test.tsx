import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamFixture } from '../../../test/team-finder-fixtures';
import { ratingText, sinceYear, TeamCard } from './team-card';

describe('TeamCard', () => {
  it('shows every field of the team card as an article named by the team', () => {
    render(<TeamCard team={teamFixture()} actions={<button type="button">Act</button>} />);
    const card = screen.getByRole('article', { name: 'Pixel Crafters' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Pixel Crafters' })).toBeTruthy();
    expect(within(card).getByText('3/8 members')).toBeTruthy();
    expect(within(card).getByText('We build fast storefronts.')).toBeTruthy();
    expect(within(card).getByText('Led by grace')).toBeTruthy();
    expect(within(card).getByText('Since 2023')).toBeTruthy();
    expect(within(card).getByText('Available')).toBeTruthy();
    expect(within(card).getByText('Web Development')).toBeTruthy();
    expect(
      within(within(card).getByRole('list', { name: 'Technologies' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'TypeScript']);
    const metrics = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(metrics).toEqual({ Projects: '12', Rating: '4.6', Reviews: '9' });
    expect(card.textContent).toContain('From $499.50');
    expect(within(card).getByRole('button', { name: 'Act' })).toBeTruthy();
  });

  it('leaves out what a team does not have', () => {
    render(
      <TeamCard
        team={teamFixture({
          description: null,
          technologies: [],
          service_category: null,
          lowest_package_price: null,
          availability: 'busy',
        })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Pixel Crafters' });
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByText('No packages yet')).toBeTruthy();
    expect(within(card).getByText('Busy')).toBeTruthy();
  });

  it("rates an unreviewed team 'New' and reads the year in UTC", () => {
    expect(ratingText({ total_completed_projects: 0, avg_reviews: 0, total_reviews: 0 })).toBe('New');
    expect(ratingText({ total_completed_projects: 2, avg_reviews: 4, total_reviews: 2 })).toBe('4.0');
    expect(sinceYear('2024-12-31T23:30:00Z')).toBe('Since 2024');
  });
});
