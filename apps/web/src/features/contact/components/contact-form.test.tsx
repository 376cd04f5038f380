import { CONTACT_TEXTS, type ContactResponse } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The stored request as the server answers it (201). */
const contactAnswer: ContactResponse = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: null,
  message: 'We need a mobile app.',
  created_at: '2025-04-01T10:00:00.000Z',
};

function field(label: RegExp) {
  return screen.getByLabelText(label);
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function fillValidForm({ company = '' } = {}) {
  type(field(/^name/i), 'Ada Lovelace');
  type(field(/^email/i), 'ada@example.com');
  type(field(/^company/i), company);
  type(field(/^message/i), 'We need a mobile app.');
}

describe('ContactForm', () => {
  it('labels every field and marks company as optional', () => {
    renderWithProviders(<ContactForm />);
    expect(field(/^name/i).tagName).toBe('INPUT');
    expect(field(/^email/i)).toHaveProperty('type', 'email');
    expect(screen.getByText('(optional)')).toBeTruthy();
    expect(field(/^message/i).tagName).toBe('TEXTAREA');
  });

  it('validates a field when it loses focus and links the error to it', async () => {
    renderWithProviders(<ContactForm />);
    const name = field(/^name/i);
    fireEvent.blur(name);

    const error = await screen.findByText(CONTACT_TEXTS.nameRequired);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(error.id);
    // Only the field that was left is judged.
    expect(screen.queryByText(CONTACT_TEXTS.emailRequired)).toBeNull();
  });

  it('rejects an address that is not shaped like an email', async () => {
    renderWithProviders(<ContactForm />);
    const email = field(/^email/i);
    type(email, 'ada@example');
    fireEvent.blur(email);
    expect(await screen.findByText(CONTACT_TEXTS.emailInvalid)).toBeTruthy();
  });

  it('shows every required-field error on submit and sends nothing', async () => {
    const requests = stubFetch(() => jsonResponse(contactAnswer, 201));
    renderWithProviders(<ContactForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_TEXTS.nameRequired)).toBeTruthy();
    expect(screen.getByText(CONTACT_TEXTS.emailRequired)).toBeTruthy();
    expect(screen.getByText(CONTACT_TEXTS.messageRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('clears an error as soon as the field is edited', async () => {
    renderWithProviders(<ContactForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText(CONTACT_TEXTS.emailRequired);

    const email = field(/^email/i);
    type(email, 'a');
    expect(screen.queryByText(CONTACT_TEXTS.emailRequired)).toBeNull();
    // Still incomplete, but no new error appears while typing.
    expect(screen.queryByText(CONTACT_TEXTS.emailInvalid)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(CONTACT_TEXTS.nameRequired)).toBeTruthy();
  });

  it('sends company as null when empty, disables the button while sending and clears the success text after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => undefined;
    const requests = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<ContactForm />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveProperty('disabled', true);
    expect(requests).toEqual([
      {
        url: '/api/contact',
        method: 'POST',
        body: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          company: null,
          message: 'We need a mobile app.',
        },
      },
    ]);

    answer(jsonResponse(contactAnswer, 201));
    expect(await screen.findByText(CONTACT_TEXTS.success)).toBeTruthy();
    expect(field(/^name/i)).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveProperty('disabled', false);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByText(CONTACT_TEXTS.success)).toBeNull();
  });

  it('sends the company when given', async () => {
    const requests = stubFetch(() => jsonResponse(contactAnswer, 201));
    renderWithProviders(<ContactForm />);
    fillValidForm({ company: '  Analytical Engines Ltd ' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText(CONTACT_TEXTS.success);
    expect(requests[0]?.body).toMatchObject({ company: 'Analytical Engines Ltd' });
  });

  it('shows the failure text when the server refuses', async () => {
    stubFetch(() => jsonResponse({ detail: 'Internal error' }, 500));
    renderWithProviders(<ContactForm />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(CONTACT_TEXTS.failure);
    await waitFor(() => expect(field(/^name/i)).toHaveProperty('value', 'Ada Lovelace'));
  });
});
