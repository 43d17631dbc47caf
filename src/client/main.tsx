import './lib/zod-config.ts';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { keepEarlyValues } from '#client/lib/early-values.ts';
import { PRERENDER_STATE_ID } from '#shared/constants.ts';
import { localeBasename, splitLocale } from '#shared/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreens, routes, warmScreens } from './app/router.tsx';
import { createI18n, loadMessages, setPageI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

const container = document.getElementById('root')!;
const state = document.getElementById(PRERENDER_STATE_ID);

// A page the server pre-rendered (docs/decisions/011) carries the query data it was rendered with.
// The browser loads the matched routes' code first, then hydrates the same tree over that markup;
// every other page is rendered from scratch. The path's prefix is the page's language (ADR 031).
// The shell's messages and the matched screens' code and messages are asked for at once, never one
// after the other: the server has listed them all for the browser beside the entry (ADR 057).
async function start() {
  const { locale } = splitLocale(window.location.pathname);
  const basename = localeBasename(locale);
  document.documentElement.lang = locale; // the server sets it too; `npm run dev` does not
  const i18n = createI18n(locale);
  setPageI18n(i18n);
  const shell = loadMessages(i18n, 'shell');
  const screens = preloadScreens(matchRoutes(routes, window.location, basename) ?? [], i18n);
  if (state?.textContent) {
    hydrate(queryClient, JSON.parse(state.textContent));
    await Promise.all([shell, screens]);
  } else {
    screens.catch(() => {}); // a screen that fails to load shows its error when it renders
    await shell;
  }
  const app = (
    <AppProviders queryClient={queryClient} origin={window.location.origin} i18n={i18n}>
      <BrowserRouter basename={basename || undefined}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  // As a transition, hydration yields to the browser between components instead of one long task.
  // What the visitor typed or picked in the server's page meanwhile is kept for the forms first.
  if (state) keepEarlyValues(container);
  if (state) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // The other screens' table loads when the visitor is about to move on: a pointer over the page,
  // a touch or the focus (ADR 028).
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    document.addEventListener(type, warmScreens, { once: true, passive: true });
}

void start();
