import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installDoubleClickGuard } from './app/double-click-guard';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';
import './app/global.css';

installDoubleClickGuard();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root, {
  // Spec §8: uncaught UI errors are only logged.
  onUncaughtError: (error) => console.error(error),
}).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
