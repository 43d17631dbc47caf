// The UI's languages (ADR 031). One Lingui instance per render: the browser makes one for the page
// it loads, the pre-renderer one per request (a global instance would leak between concurrent
// renders). Messages come in groups, one file per language and group, loaded with the code that
// shows them: `shell` before the first render, the others with their routes.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Locale } from '#shared/i18n.ts';

export type MessageGroup = 'shell' | 'app' | 'content' | 'admin';

const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

export function createI18n(locale: Locale): I18n {
  return setupI18n({
    locale,
    messages: { [locale]: {} },
    // A message outside the loaded groups shows its id: say so loudly (the e2e suite fails on it).
    missing: (lang, id) => {
      console.error(`Missing message ${id} (${lang})`);
      return id;
    },
  });
}

const loading = new WeakMap<I18n, Map<MessageGroup, Promise<void>>>();
const loaded = new WeakMap<I18n, Set<MessageGroup>>();

// True once a group's messages are in the instance (a screen then renders without suspending).
export function hasMessages(i18n: I18n, group: MessageGroup): boolean {
  return loaded.get(i18n)?.has(group) ?? false;
}

// Loads a group's messages for the instance's language once; later calls share the promise.
export function loadMessages(i18n: I18n, group: MessageGroup): Promise<void> {
  const groups = loading.get(i18n) ?? new Map<MessageGroup, Promise<void>>();
  loading.set(i18n, groups);
  let pending = groups.get(group);
  if (!pending) {
    const load = catalogues[`../locales/${i18n.locale}/${group}.po`];
    // Screens outside the shell show the shared schemas' validation texts: their table comes too.
    const texts =
      group === 'shell' || i18n.locale === 'en'
        ? undefined
        : import('#shared/texts/index.ts').then((m) => m.loadTexts(i18n.locale as Locale));
    pending = load
      ? Promise.all([load(), texts]).then(([{ messages }]) => {
          i18n.load(i18n.locale, messages);
          if (!loaded.has(i18n)) loaded.set(i18n, new Set());
          loaded.get(i18n)?.add(group);
        })
      : Promise.reject(new Error(`No ${group} messages for ${i18n.locale}`));
    pending.catch(() => groups.delete(group)); // a later visit tries again
    groups.set(group, pending);
  }
  return pending;
}

// The browser's instance (one per page load; the pre-renderer never sets it).
let pageI18n: I18n | null = null;
export function setPageI18n(i18n: I18n) {
  pageI18n = i18n;
}

// A lazily loaded part of the layout that only signed-in visitors see (the account menu, the
// counts): its messages are in the `app` group, loaded with its code, so a first visit does not
// download them (lingui.config.ts leaves such imports out of the shell).
export function withAppMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), pageI18n ? loadMessages(pageI18n, 'app') : undefined]).then(([m]) => m);
}
