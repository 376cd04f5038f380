import { PROFILE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { educationFixture } from '../profile-test-fixtures';
import { renderInDialog } from './form-test-helpers';
import { ProfileItemForm } from './profile-item-form';

function field(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('EducationForm', () => {
  it("asks for degree, institution and start date with 'Please fill in all required fields'", async () => {
    const onSave = vi.fn();
    renderInDialog(<ProfileItemForm kind="education" onSave={onSave} />);
    save();
    expect(await screen.findAllByText(PROFILE_TEXTS.requiredFields)).toHaveLength(3);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('disables and clears the end date while still studying', async () => {
    renderInDialog(<ProfileItemForm kind="education" item={educationFixture()} onSave={vi.fn()} />);
    const endDate = field(/^End Date/);
    expect(endDate.value).toBe('2018-06-30');
    expect(endDate.disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('I currently study here'));
    await waitFor(() => expect(endDate.disabled).toBe(true));
    expect(endDate.value).toBe('');
  });

  it('refuses a GPA over 10 and an end before the start', async () => {
    renderInDialog(<ProfileItemForm kind="education" item={educationFixture()} onSave={vi.fn()} />);
    fireEvent.change(field(/^GPA/), { target: { value: '11' } });
    fireEvent.change(field(/^End Date/), { target: { value: '2014-01-01' } });
    save();
    expect(await screen.findByText('GPA must be between 0 and 10')).toBeTruthy();
    expect(screen.getByText(PROFILE_TEXTS.endBeforeStart)).toBeTruthy();
  });

  it('sends the whole item when editing, an emptied GPA as null', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const item = educationFixture();
    renderInDialog(<ProfileItemForm kind="education" item={item} onSave={onSave} />);
    fireEvent.change(field(/^GPA/), { target: { value: '' } });
    save();
    // Everything the item holds but its id and stamps goes back, the GPA emptied.
    const { id: _id, user_id: _userId, created_at: _createdAt, updated_at: _updatedAt, ...fields } = item;
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ...fields, gpa: null }));
  });
});
