import { MONEY_TEXTS, type PayoutSplit } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/fetch-stub';
import { signIn, userFixture } from '../../../test/fixtures';
import { renderWithProviders, SLOW } from '../../../test/render';
import { PayoutSplitPanel } from './payout-split-panel';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

const ADMIN_ID = 7;
const MEMBER_ID = 8;

function splitFixture(adminPercent = 100, memberPercent = 0): PayoutSplit {
  return {
    team_id: 21,
    shares: [
      {
        user_id: ADMIN_ID,
        username: 'ada',
        full_name: 'Ada Lovelace',
        is_admin: true,
        percent: adminPercent,
      },
      { user_id: MEMBER_ID, username: 'bob', full_name: null, is_admin: false, percent: memberPercent },
    ],
    updated_at: null,
  };
}

function renderPanel(viewerId: number, handleSplit: FetchHandler) {
  const requests = stubFetch((request) => {
    if (request.url === '/api/auth/me')
      return jsonResponse(userFixture({ id: viewerId, role: 'TEAM_ADMIN' }));
    if (request.url === '/api/teams/21/payout-split') return handleSplit(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<PayoutSplitPanel teamId={21} />);
  return requests;
}

const shareInput = (name: RegExp) => screen.getByRole('spinbutton', { name });

describe('PayoutSplitPanel', () => {
  it('lets the team admin share the money, shows the sum live and refuses to save until it is 100', async () => {
    let saved = splitFixture();
    const requests = renderPanel(ADMIN_ID, (request) => {
      if (request.method === 'PUT') {
        saved = { ...splitFixture(70, 30), updated_at: '2025-06-01T10:00:00Z' };
        return jsonResponse(saved);
      }
      return jsonResponse(saved);
    });
    const form = await screen.findByRole('form', { name: 'Payout split' });
    expect((shareInput(/Share of ada/) as HTMLInputElement).value).toBe('100');
    expect((shareInput(/Share of bob/) as HTMLInputElement).value).toBe('0');
    const save = within(form).getByRole('button', { name: 'Save Split' }) as HTMLButtonElement;
    expect(within(form).getByText('Total: 100%')).toBeTruthy();
    expect(save.disabled).toBe(false);

    fireEvent.change(shareInput(/Share of bob/), { target: { value: '30' } });
    expect(await within(form).findByText('Total: 130%')).toBeTruthy();
    expect(within(form).getByText(MONEY_TEXTS.splitMustTotal100)).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.submit(form);

    fireEvent.change(shareInput(/Share of ada/), { target: { value: '70' } });
    expect(await within(form).findByText('Total: 100%')).toBeTruthy();
    expect(within(form).queryByText(MONEY_TEXTS.splitMustTotal100)).toBeNull();
    // The refused submit above sent nothing.
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.click(save);
    expect(await screen.findByText(MONEY_TEXTS.splitSaved, undefined, SLOW)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([
      {
        url: '/api/teams/21/payout-split',
        method: 'PUT',
        body: {
          shares: [
            { user_id: ADMIN_ID, percent: 70 },
            { user_id: MEMBER_ID, percent: 30 },
          ],
        },
      },
    ]);
    await waitFor(() => expect((shareInput(/Share of bob/) as HTMLInputElement).value).toBe('30'));
  });

  it('asks for whole percents before sending anything', async () => {
    const requests = renderPanel(ADMIN_ID, () => jsonResponse(splitFixture(50, 50)));
    const form = await screen.findByRole('form', { name: 'Payout split' });
    fireEvent.change(shareInput(/Share of ada/), { target: { value: '49.5' } });
    fireEvent.change(shareInput(/Share of bob/), { target: { value: '50.5' } });
    expect(await within(form).findByText('Total: 100%')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save Split' }));
    expect(await within(form).findAllByText('Percent must be a whole number from 0 to 100')).toHaveLength(2);
    expect(shareInput(/Share of ada/).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    fireEvent.change(shareInput(/Share of ada/), { target: { value: '50' } });
    fireEvent.change(shareInput(/Share of bob/), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Split' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
  });

  it('shows the server refusal on the share it names, and a refusal about the whole split above', async () => {
    let answer = 0;
    renderPanel(ADMIN_ID, (request) => {
      if (request.method !== 'PUT') return jsonResponse(splitFixture(70, 30));
      answer += 1;
      return answer === 1
        ? jsonResponse(
            {
              detail: 'Validation failed',
              errors: [{ path: 'body.shares.1.user_id', message: MONEY_TEXTS.splitNotMember }],
            },
            422,
          )
        : jsonResponse({ detail: MONEY_TEXTS.splitNotMember }, 422);
    });
    const form = await screen.findByRole('form', { name: 'Payout split' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Split' }));
    expect(await within(form).findByText(MONEY_TEXTS.splitNotMember)).toBeTruthy();
    expect(shareInput(/Share of bob/).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('alert')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Save Split' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(MONEY_TEXTS.splitNotMember);
  });

  it('says the save failed without the internals of a server error', async () => {
    renderPanel(ADMIN_ID, (request) =>
      request.method === 'PUT'
        ? jsonResponse({ detail: 'Internal Server Error' }, 500)
        : jsonResponse(splitFixture()),
    );
    const form = await screen.findByRole('form', { name: 'Payout split' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Split' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(MONEY_TEXTS.splitSaveFailed);
  });

  it('shows a member the split without inputs', async () => {
    const requests = renderPanel(MEMBER_ID, () => jsonResponse(splitFixture(70, 30)));
    const shares = await screen.findByRole('list', { name: 'Shares' });
    expect(within(shares).getByText('ada (Ada Lovelace)')).toBeTruthy();
    expect(within(shares).getByText('70%')).toBeTruthy();
    expect(within(shares).getByText('30%')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Split' })).toBeNull();
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('offers a retry when the split cannot be loaded', async () => {
    let fail = true;
    renderPanel(ADMIN_ID, () =>
      fail ? jsonResponse({ detail: 'Team not found' }, 404) : jsonResponse(splitFixture()),
    );
    expect(await screen.findByText('Team not found')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Payout split' })).toBeTruthy();
  });
});
