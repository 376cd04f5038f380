import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, withOverride, type FetchOverride } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { FakeSocket, FakeWebSocket, lastSocket } from '../../test/chat-test-socket';
import { messageFixture, roomSummaryFixture, teamDetailFixture } from './chat-fixtures';
import { TeamChatPage } from './team-chat-page';

const socket = lastSocket;

function api(override: FetchOverride = () => undefined, messages = [messageFixture()]) {
  return stubFetch(
    withOverride(override, (request) => {
      const { pathname } = new URL(request.url, 'http://localhost');
      if (pathname === '/api/auth/me') return jsonResponse(userFixture());
      if (pathname === '/api/chat-rooms/12/access') {
        return jsonResponse({ chat_room_id: 12, team_id: 3, team_name: 'Pixel Crew', role: 'buyer' });
      }
      if (pathname === '/api/chat-rooms/12/messages' && request.method === 'GET') {
        return jsonResponse({ items: messages, next_before: null });
      }
      if (pathname === '/api/chat-rooms/12/read') return new Response(null, { status: 204 });
      if (pathname === '/api/user/chat-rooms') {
        return jsonResponse([
          roomSummaryFixture(),
          roomSummaryFixture({ chat_room_id: 13, team_name: 'Other Team', unread_count: 4 }),
        ]);
      }
      if (pathname === '/api/teams/3') return jsonResponse(teamDetailFixture());
      return jsonResponse({ detail: 'Not Found' }, 404);
    }),
  );
}

function renderChat(route = '/team-chat/12') {
  return renderWithProviders(<TeamChatPage />, { route, path: '/team-chat/:chatRoomId' });
}

beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TeamChatPage', () => {
  it('shows the access-denied view to someone outside the room', async () => {
    signIn();
    api(({ url }) => (url.endsWith('/access') ? jsonResponse({ detail: 'Access denied' }, 403) : undefined));
    renderChat();
    expect(await screen.findByText("You don't have permission to access this chat.", {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(FakeSocket.created).toHaveLength(0);
  });

  it('asks a visitor to log in on 401, and offers Retry on other failures', async () => {
    let status = 401;
    api(({ url }) => (url.endsWith('/access') ? jsonResponse({ detail: 'No' }, status) : undefined));
    const { unmount } = renderChat();
    expect(await screen.findByText('Please log in to access team chats.', {}, SLOW)).toBeTruthy();
    unmount();
    signIn();
    status = 503;
    renderChat();
    expect(await screen.findByText('Failed to load chat. Please try again.', {}, SLOW)).toBeTruthy();
    status = 0;
    api();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Crew' }, SLOW)).toBeTruthy();
  });

  it('shows the room: header role, inbox, messages, team panel; marks it read', async () => {
    signIn();
    const requests = api(undefined, [
      messageFixture({ id: 1, sender_id: 'user:20', sender_name: 'bo_admin', message_text: 'Welcome!' }),
      messageFixture({ id: 2, message_text: 'Thanks' }),
    ]);
    renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Crew' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Buyer')).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Messages' }, SLOW);
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getByText('Welcome!')).toBeTruthy();
    expect(within(log).getByText('bo_admin')).toBeTruthy();
    expect(within(log).getByText('You')).toBeTruthy();
    const inbox = screen.getByRole('navigation', { name: 'Conversations' });
    expect((await within(inbox).findByRole('link', { name: /Other Team/ }, SLOW)).textContent).toContain('4');
    expect(within(inbox).getByRole('link', { current: 'page' }).textContent).toContain('Pixel Crew');
    const team = screen.getByRole('complementary', { name: 'Team information' });
    expect((await within(team).findByRole('link', { name: /Bo Admin/ }, SLOW)).getAttribute('href')).toBe(
      '/users/20',
    );
    await waitFor(() =>
      expect(requests.find(({ url }) => url === '/api/chat-rooms/12/read')?.body).toEqual({
        last_message_id: 2,
      }),
    );
    await waitFor(() => expect(socket().url).toBe('ws://localhost:3000/ws/chat/12?access_token=access-1'));
  });

  it('offers a buyer quick messages in an empty chat; Enter sends with a client id', async () => {
    signIn();
    const sent = api(
      ({ url, method, body }) =>
        url === '/api/chat-rooms/12/messages' && method === 'POST'
          ? jsonResponse(
              messageFixture({
                id: 5,
                message_text: (body as { message_text: string }).message_text,
                client_message_id: (body as { client_message_id: string }).client_message_id,
              }),
              201,
            )
          : undefined,
      [],
    );
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'What is your availability?' }, SLOW));
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).value).toBe('What is your availability?');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent.some(({ method, url }) => method === 'POST' && url.endsWith('/messages'))).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('What is your availability?', {}, SLOW)).toBeTruthy();
    const post = sent.find(({ method, url }) => method === 'POST' && url === '/api/chat-rooms/12/messages');
    expect(post?.body).toEqual({
      message_text: 'What is your availability?',
      message_type: 'text',
      client_message_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // The echo over the socket does not show it twice.
    socket().serverSends({
      type: 'new_message',
      message: messageFixture({ id: 5, message_text: 'What is your availability?' }),
    });
    expect(within(log).getAllByText('What is your availability?')).toHaveLength(1);
  });

  it('keeps a refused message in the box and says so', async () => {
    signIn();
    api(({ url, method }) =>
      url === '/api/chat-rooms/12/messages' && method === 'POST'
        ? jsonResponse({ detail: 'Access denied' }, 403)
        : undefined,
    );
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    fireEvent.change(box, { target: { value: '  Are you free?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      (await screen.findAllByText('Failed to send message. Please try again.', {}, SLOW)).length,
    ).toBeGreaterThan(0);
    expect((box as HTMLTextAreaElement).value).toBe('Are you free?');
  });

  it('appends live messages once, shows who is typing, and sends our own typing', async () => {
    signIn();
    api();
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' }, SLOW);
    await waitFor(() => expect(socket().readyState).toBe(1));
    const incoming = messageFixture({
      id: 9,
      sender_id: 'user:20',
      sender_name: 'bo_admin',
      message_text: 'Hi Ada',
    });
    socket().serverSends({ type: 'typing_status', user_id: 'user:20', name: 'bo_admin', is_typing: true });
    // Our own typing echo is not shown.
    socket().serverSends({ type: 'typing_status', user_id: 'user:7', name: 'ada', is_typing: true });
    expect(await screen.findByText('bo_admin is typing...', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('ada is typing...')).toBeNull();
    socket().serverSends({ type: 'new_message', message: incoming });
    socket().serverSends({ type: 'new_message', message: incoming });
    expect(await within(log).findByText('Hi Ada', {}, SLOW)).toBeTruthy();
    expect(within(log).getAllByText('Hi Ada')).toHaveLength(1);
    expect(screen.queryByText('bo_admin is typing...')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'H' } });
    expect(socket().sentEvents()).toContainEqual({ type: 'typing', is_typing: true });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Message' }));
    expect(socket().sentEvents().at(-1)).toEqual({ type: 'typing', is_typing: false });
  });

  it('clears an incoming typing indicator after 3 s', async () => {
    signIn();
    api();
    renderChat();
    await screen.findByRole('log', { name: 'Messages' }, SLOW);
    await waitFor(() => expect(socket().readyState).toBe(1));
    socket().serverSends({ type: 'typing_status', user_id: 'user:20', name: 'bo_admin', is_typing: true });
    expect(await screen.findByText('bo_admin is typing...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('bo_admin is typing...')).toBeNull(), { timeout: 4500 });
  }, 10_000);

  it('after a reconnect, reads what was said once its own user_joined shows the socket hears the room, again if refused', async () => {
    signIn();
    let messages = [messageFixture({ id: 1, message_text: 'Before the drop' })];
    let busy = false;
    const requests = api(({ url, method }) =>
      url === '/api/chat-rooms/12/messages' && method === 'GET'
        ? busy
          ? jsonResponse({ detail: 'The server is busy. Please try again in a few seconds.' }, 503)
          : jsonResponse({ items: messages, next_before: null })
        : undefined,
    );
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' }, SLOW);
    expect(await within(log).findByText('Before the drop', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(socket().readyState).toBe(1));
    socket().serverCloses(1006);
    await waitFor(() => expect(FakeSocket.created).toHaveLength(2), { timeout: 4500 });
    await waitFor(() => expect(socket().readyState).toBe(1));
    messages = [...messages, messageFixture({ id: 2, message_text: 'Said while away' })];
    const reads = () =>
      requests.filter(({ url, method }) => url === '/api/chat-rooms/12/messages' && method === 'GET').length;
    const readsAtOpen = reads();
    // Open is not enough (the server may not have subscribed it yet), nor is someone else joining.
    socket().serverSends({ type: 'user_joined', user_id: 'user:20', name: 'bo_admin' });
    await new Promise((done) => setTimeout(done, 50));
    expect(reads()).toBe(readsAtOpen);
    // The first read meets a server in trouble; the next one, a second later, gets the page.
    busy = true;
    socket().serverSends({ type: 'user_joined', user_id: 'user:7', name: 'ada' });
    await waitFor(() => expect(reads()).toBe(readsAtOpen + 1));
    busy = false;
    expect(await within(log).findByText('Said while away', {}, { timeout: 3000 })).toBeTruthy();
    expect(reads()).toBe(readsAtOpen + 2);
  }, 12_000);

  it('refuses a file over 1 GiB before uploading', async () => {
    signIn();
    api();
    const { container } = renderChat();
    await screen.findByRole('log', { name: 'Messages' }, SLOW);
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const big = new File(['x'], 'huge.zip');
    Object.defineProperty(big, 'size', { value: 1.5 * 1024 ** 3 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      await screen.findByText('File size exceeds the maximum limit of 1GB. Your file is 1.50GB.', {}, SLOW),
    ).toBeTruthy();
  });

  it('shows an image through a blob fetched with the token, and a file with its kind and size', async () => {
    signIn();
    const requests: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => undefined }),
    );
    api(undefined, [
      messageFixture({
        id: 3,
        message_type: 'image',
        message_text: 'shot.png',
        file_name: 'shot.png',
        file_url: '/api/chat-files/aaaa',
        thumbnail_url: '/api/chat-files/aaaa/thumbnail',
        file_size: 2048,
        file_kind: 'image',
      }),
      messageFixture({
        id: 4,
        message_type: 'file',
        message_text: 'brief.pdf',
        file_name: 'brief.pdf',
        file_url: '/api/chat-files/bbbb',
        file_size: 3 * 1024 * 1024,
        file_kind: 'document',
      }),
    ]);
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/chat-files/')) {
        requests.push({ url: input, auth: new Headers(init?.headers).get('Authorization') });
        return new Response('png', { status: 200 });
      }
      return stubbed(input, init);
    });
    renderChat();
    const image = await screen.findByRole('img', { name: 'shot.png' }, SLOW);
    expect(image.getAttribute('src')).toBe('blob:thumb');
    expect(requests[0]).toEqual({ url: '/api/chat-files/aaaa/thumbnail', auth: 'Bearer access-1' });
    expect(screen.getByText('brief.pdf')).toBeTruthy();
    expect(screen.getByText(/3\.0 MB/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();
  });
});
