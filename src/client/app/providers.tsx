import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { OriginContext } from '#client/lib/origin.ts';

// What wraps the router in the browser and on the server alike (the two must render the same tree).
export function AppProviders({
  queryClient,
  origin,
  children,
}: {
  queryClient: QueryClient;
  origin: string;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <OriginContext.Provider value={origin}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </OriginContext.Provider>
    </StrictMode>
  );
}
