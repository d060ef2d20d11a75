import { CommerceApiError, createClient, type CommerceClient } from '@commerce/sdk';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { CLIENT_ID, storeTokens, type StoredTokens } from '../auth/session';

/** The public API on this origin as the signed-in owner: the SDK refreshes the pair itself and we keep each new one. */
export function dashboardClient(tokens: StoredTokens): CommerceClient {
  return createClient({
    baseUrl: location.origin,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    clientId: CLIENT_ID,
    onTokens: storeTokens,
    // A person waits on every call: one retry of a busy answer, then say so.
    retry: { maxRetries: 1, maxDelayMs: 2_000 },
  });
}

export const ClientContext = createContext<CommerceClient | null>(null);

export function useClient(): CommerceClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside a signed-in dashboard');
  return client;
}

/** The session is over (the grant was revoked or the refresh token expired): only signing in again helps. */
export function isSessionOver(error: unknown): boolean {
  return error instanceof CommerceApiError && (error.status === 401 || (error.status === 400 && error.errorType === 'invalid_grant'));
}

/** One sentence for a refusal that names no field. */
export function problemOf(error: unknown): string {
  if (error instanceof CommerceApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** The signed-in owner's store (its name, currency...), read once and shared by every page. */
export function useStore() {
  const client = useClient();
  // Every page reads the store (its name, currency, zone): once a minute is enough, not once a page.
  return useQuery({
    queryKey: ['store'],
    queryFn: async () => (await client.GET('/v1/store')).data,
    staleTime: 60_000,
    refetchOnMount: true,
  });
}
