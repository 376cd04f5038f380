import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '../test/render';
import { FocusPageHeading } from './focus-page-heading';

function Shell() {
  return (
    <>
      <nav>
        <Link to="/first">First</Link>
        <Link to="/second">Second</Link>
        <Link to="/late">Late</Link>
        <Link to="/form">Form</Link>
        <Link to="/first?page=2">Next page</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
      <FocusPageHeading mainId="main" />
    </>
  );
}

function LatePage() {
  const [ready, setReady] = useState(false);
  return ready ? <h1>Late page</h1> : <button onClick={() => setReady(true)}>Draw</button>;
}

function FirstPage() {
  const [params] = useSearchParams();
  return <h1>{`First page ${params.get('page') ?? '1'}`}</h1>;
}

function renderShell(path = '/first') {
  return renderRouter(
    createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: 'first', element: <FirstPage /> },
            { path: 'second', element: <h1>Second page</h1> },
            { path: 'late', element: <LatePage /> },
            { path: 'form', element: <input aria-label="Name" autoFocus /> },
          ],
        },
      ],
      { initialEntries: [path] },
    ),
  );
}

describe('FocusPageHeading', () => {
  it('leaves focus alone on the first page', () => {
    renderShell();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the main heading of the new page after a route change', async () => {
    renderShell();
    const link = screen.getByRole('link', { name: 'Second' });
    link.focus();
    act(() => link.click());
    const heading = await screen.findByRole('heading', { name: 'Second page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that the page draws later', async () => {
    renderShell();
    act(() => screen.getByRole('link', { name: 'Late' }).click());
    act(() => screen.getByRole('button', { name: 'Draw' }).click());
    const heading = await screen.findByRole('heading', { name: 'Late page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps the focus a new page gave to its own field', async () => {
    renderShell();
    act(() => screen.getByRole('link', { name: 'Form' }).click());
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('does not move focus when only the query changes', async () => {
    renderShell();
    const link = screen.getByRole('link', { name: 'Next page' });
    link.focus();
    act(() => link.click());
    await screen.findByRole('heading', { name: 'First page 2' });
    expect(document.activeElement).toBe(link);
  });
});
