import { PROFILE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { certificateFixture } from '../profile-test-fixtures';
import { renderInDialog } from './form-test-helpers';
import { ProfileItemForm } from './profile-item-form';

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('CertificateForm', () => {
  it("asks for name, issuer and issue date with 'Please fill in all required fields'", async () => {
    const onSave = vi.fn();
    renderInDialog(<ProfileItemForm kind="certificates" onSave={onSave} />);
    save();
    expect(await screen.findAllByText(PROFILE_TEXTS.requiredFields)).toHaveLength(3);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a credential URL that is not http(s) and an expiry before the issue', async () => {
    renderInDialog(<ProfileItemForm kind="certificates" item={certificateFixture()} onSave={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Credential URL/), { target: { value: 'ftp://example.com/x' } });
    fireEvent.change(screen.getByLabelText(/^Expiry Date/), { target: { value: '2020-01-01' } });
    save();
    expect(await screen.findByText(PROFILE_TEXTS.urlInvalid)).toBeTruthy();
    expect(screen.getByText(PROFILE_TEXTS.expiryBeforeIssue)).toBeTruthy();
  });

  it('sends the whole certificate, the empty optional fields as null', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderInDialog(<ProfileItemForm kind="certificates" onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Certificate Name'), { target: { value: 'CKA' } });
    fireEvent.change(screen.getByLabelText('Issuer'), { target: { value: 'CNCF' } });
    fireEvent.change(screen.getByLabelText('Issue Date'), { target: { value: '2023-04-01' } });
    save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'CKA',
        issuer: 'CNCF',
        issue_date: '2023-04-01',
        expiry_date: null,
        credential_id: null,
        credential_url: null,
      }),
    );
  });
});
