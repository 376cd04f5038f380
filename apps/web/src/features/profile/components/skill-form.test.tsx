import { PROFILE_TEXTS, SKILL_LEVELS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { skillFixture } from '../profile-test-fixtures';
import { renderInDialog } from './form-test-helpers';
import { ProfileItemForm } from './profile-item-form';

describe('SkillForm', () => {
  it('offers the four levels', () => {
    renderInDialog(<ProfileItemForm kind="skills" onSave={vi.fn()} />);
    const options = within(screen.getByLabelText('Level')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Select a level', ...SKILL_LEVELS]);
  });

  it("asks for a name and a level with 'Please fill in all required fields'", async () => {
    const onSave = vi.fn();
    renderInDialog(<ProfileItemForm kind="skills" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(PROFILE_TEXTS.requiredFields)).toHaveLength(2);
    expect(screen.getByLabelText('Level').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a rating over 5', async () => {
    renderInDialog(<ProfileItemForm kind="skills" item={skillFixture()} onSave={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Average Rating (0-5)'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Average reviews must be between 0 and 5')).toBeTruthy();
  });

  it('sends the whole skill, an empty category as null', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderInDialog(<ProfileItemForm kind="skills" onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Skill Name'), { target: { value: 'Rust' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Advanced' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Rust',
        level: 'Advanced',
        category: null,
        total_completed_projects: 0,
        avg_reviews: 0,
        total_reviews: 0,
      }),
    );
  });
});
