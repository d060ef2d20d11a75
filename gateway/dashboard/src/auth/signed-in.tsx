import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ClientContext, dashboardClient, isSessionOver } from '../api/client';
import { Layout } from '../ui/layout';
import { NoticeProvider } from '../ui/notices';
import { beginSignIn, forgetTokens, storedTokens } from './session';

function signInAgain(): void {
  forgetTokens();
  void beginSignIn(location.pathname + location.search);
}

/** Every page but the callback: without a session, off to sign in; with one, the API client and the page frame. */
export function SignedIn(): ReactNode {
  const tokens = useMemo(() => storedTokens(), []);
  const client = useMemo(() => tokens && dashboardClient(tokens), [tokens]);
  const queries = useMemo(() => {
    const onError = (error: unknown) => isSessionOver(error) && signInAgain();
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      // A page opened shows what the tab holds at once and reads it again behind it: orders come from buyers and stock
      // moves with checkouts, so nothing shown is older than the visit (docs/dashboard.md#pages). The 15 s spare a second
      // read when the window regains focus.
      defaultOptions: { queries: { staleTime: 15_000, refetchOnMount: 'always', retry: false, refetchOnWindowFocus: true } },
    });
  }, []);
  useEffect(() => {
    if (!tokens) signInAgain();
  }, [tokens]);
  if (!client)
    return (
      <main className="sign-in">
        <p role="status">Taking you to sign in…</p>
      </main>
    );
  return (
    <ClientContext.Provider value={client}>
      <QueryClientProvider client={queries}>
        <NoticeProvider>
          <Layout />
        </NoticeProvider>
      </QueryClientProvider>
    </ClientContext.Provider>
  );
}
