import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers';
import { SessionWatcher } from './session-watcher';

/** The router is made by the caller: the browser's in main.tsx, a memory router when pre-rendering. */
export function App({ router }: { router: DataRouter }) {
  return (
    <Providers>
      <SessionWatcher router={router} />
      <RouterProvider router={router} />
    </Providers>
  );
}
