import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { SessionWatcher } from './session-watcher';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Providers>
      <SessionWatcher router={router} />
      <RouterProvider router={router} />
    </Providers>
  );
}
