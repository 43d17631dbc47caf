import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { OriginContext } from '#client/lib/origin.ts';

// What wraps the router in the browser and on the server alike (the two must render the same tree).
export function AppProviders({
  queryClient,
  origin,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  origin: string;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <OriginContext.Provider value={origin}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </OriginContext.Provider>
      </I18nProvider>
    </StrictMode>
  );
}
