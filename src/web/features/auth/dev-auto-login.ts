import type { QueryClient } from '@tanstack/react-query';
import { DEV_AUTO_LOGIN_DELAY_MS } from '@/contracts/limits';
import type { CurrentUser } from '@/contracts/user';
import { apiRequest } from '@/web/lib/api-client';
import { currentUserQueryOptions, setSessionUser } from './api/get-current-user';

/**
 * Development only (imported behind `import.meta.env.DEV`, so absent from the production
 * bundle): one second after start, log in with the test account when nobody is signed in.
 */
export function startDevAutoLogin(queryClient: QueryClient) {
  setTimeout(async () => {
    try {
      const user = await queryClient.ensureQueryData(currentUserQueryOptions);
      if (user) return;
      const devUser = await apiRequest<CurrentUser>('/api/dev/auto-login', { method: 'POST' });
      setSessionUser(queryClient, devUser);
      console.info(`[dev] logged in automatically as @${devUser.username}`);
    } catch (error) {
      console.info('[dev] automatic test login skipped:', (error as Error).message);
    }
  }, DEV_AUTO_LOGIN_DELAY_MS);
}
