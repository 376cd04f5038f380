import { PROFILE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { experienceFixture } from '../profile-test-fixtures';
import { renderInDialog } from './form-test-helpers';
import { ProfileItemForm } from './profile-item-form';

function field(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function fillRequired() {
  fireEvent.change(field('Title'), { target: { value: 'Lead Engineer' } });
  fireEvent.change(field('Company'), { target: { value: 'Initech' } });
  fireEvent.change(field('Start Date'), { target: { value: '2020-02-01' } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('ExperienceForm', () => {
  it("asks for title, company and start date with 'Please fill in all required fields'", async () => {
    const onSave = vi.fn();
    renderInDialog(<ProfileItemForm kind="experiences" onSave={onSave} />);
    save();
    expect(await screen.findAllByText(PROFILE_TEXTS.requiredFields)).toHaveLength(3);
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(field('Company').getAttribute('aria-invalid')).toBe('true');
    expect(field('Start Date').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('disables and clears the end date while the position is current', async () => {
    renderInDialog(<ProfileItemForm kind="experiences" onSave={vi.fn()} />);
    const endDate = field(/^End Date/);
    fireEvent.change(endDate, { target: { value: '2022-01-01' } });
    fireEvent.click(screen.getByLabelText('I currently work here'));
    await waitFor(() => expect(endDate.disabled).toBe(true));
    expect(endDate.value).toBe('');
    fireEvent.click(screen.getByLabelText('I currently work here'));
    await waitFor(() => expect(endDate.disabled).toBe(false));
  });

  it('refuses an end before the start and a rating outside 0-5 or between tenths', async () => {
    const onSave = vi.fn();
    renderInDialog(<ProfileItemForm kind="experiences" onSave={onSave} />);
    fillRequired();
    fireEvent.change(field(/^End Date/), { target: { value: '2019-12-31' } });
    fireEvent.change(field('Average Rating (0-5)'), { target: { value: '5.5' } });
    save();
    expect(await screen.findByText(PROFILE_TEXTS.endBeforeStart)).toBeTruthy();
    expect(screen.getByText('Average reviews must be between 0 and 5')).toBeTruthy();

    fireEvent.change(field('Average Rating (0-5)'), { target: { value: '4.25' } });
    save();
    expect(await screen.findByText('Use steps of 0.1')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the whole item, the missing optional fields as null', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderInDialog(<ProfileItemForm kind="experiences" onSave={onSave} />);
    fillRequired();
    fireEvent.click(screen.getByLabelText('I currently work here'));
    fireEvent.change(field('Completed Projects'), { target: { value: '7' } });
    fireEvent.change(field('Average Rating (0-5)'), { target: { value: '4.5' } });
    fireEvent.change(field('Total Reviews'), { target: { value: '' } });
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      title: 'Lead Engineer',
      company: 'Initech',
      start_date: '2020-02-01',
      end_date: null,
      current: true,
      description: null,
      total_completed_projects: 7,
      avg_reviews: 4.5,
      total_reviews: 0,
    });
  });

  it('starts from the item when editing', () => {
    renderInDialog(<ProfileItemForm kind="experiences" item={experienceFixture()} onSave={vi.fn()} />);
    expect(field('Title').value).toBe('Senior Developer');
    expect(field('Start Date').value).toBe('2021-05-01');
    expect(field(/^End Date/).disabled).toBe(true);
    expect(field('Average Rating (0-5)').value).toBe('4.8');
  });

  it("says 'Failed to save data. Please try again.' or the server's reason, and puts field problems on fields", async () => {
    const onSave = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(500, 'Internal server error'))
      .mockRejectedValueOnce(new ApiError(422, 'A profile holds at most 100 of each kind of item'))
      .mockRejectedValueOnce(
        new ApiError(422, 'Too long', [{ path: 'body.title', message: 'Must be at most 150 characters' }]),
      );
    renderInDialog(<ProfileItemForm kind="experiences" onSave={onSave} />);
    fillRequired();
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(PROFILE_TEXTS.saveFailed);
    save();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('A profile holds at most 100 of each kind of item'),
    );
    save();
    expect(await screen.findByText('Must be at most 150 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
