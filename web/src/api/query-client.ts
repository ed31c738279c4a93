import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { rereadSession } from './auth-client';

/**
 * A 401 means this tab's session has ended (revoked, the user banned, expired) while the page still shows it:
 * reading the session again turns useSession signed-out, and RequireSession takes the person to sign-in.
 */
function noticeEndedSession(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) rereadSession();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: noticeEndedSession }),
  mutationCache: new MutationCache({ onError: noticeEndedSession }),
  // Errors of the API are answers to show, not glitches to retry.
  defaultOptions: { queries: { retry: false } },
});
