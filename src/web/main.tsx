// First: configures zod before any schema module is evaluated.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedInitialData } from './app/initial-data';
import { Providers } from './app/providers';
import { preloadRoute } from './app/router';
import { startServiceWorker } from './app/service-worker/start';
import { currentUserQueryOptions } from './features/auth/api/get-current-user';
import { queryClient } from './lib/query-client';
import './styles.css';

// The splash covers these: who is signed in, and the code of the first screen. The page
// usually brings who is signed in (and the first screen's data) along; then nothing is fetched.
seedInitialData(queryClient);
void queryClient.prefetchQuery(currentUserQueryOptions);
preloadRoute(window.location.pathname);

if (import.meta.env.DEV) {
  void import('./features/auth/dev-auto-login').then((module) =>
    module.startDevAutoLogin(queryClient),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <App />
    </Providers>
  </StrictMode>,
);

// The installable app's worker: production only, after the first screen (decision 0052).
startServiceWorker();
