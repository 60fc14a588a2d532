import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignedOutError } from './api/client';
import { sessionQuery } from './api/session';
import { router } from './router';
import './styles.css';

/** A refused session anywhere sends the person to sign in again, back to where they were afterwards. */
function signedOut(error: unknown): void {
  if (!(error instanceof SignedOutError)) return;
  queryClient.removeQueries({ queryKey: sessionQuery.queryKey });
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === '/login') return;
  void router.navigate({ to: '/login', search: { redirect_uri: here, reason: error.message } });
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signedOut }),
  mutationCache: new MutationCache({ onError: signedOut }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof SignedOutError) && count < 1,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} context={{ queryClient }} />
    </QueryClientProvider>
  </StrictMode>,
);
