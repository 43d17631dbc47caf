import fs from 'node:fs';
import type { Locale } from '#shared/i18n.ts';

// Route chunks to <link rel="modulepreload"> in the HTML, so the browser fetches a page's code
// while the main bundle downloads instead of after it has run (one round trip less before the
// first paint). Mirrors the lazy routes in src/client/app/router.tsx and screens.ts; a route
// missing here only loses the preload. Module paths are relative to the Vite root (src/client).
export const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'app/routes/home.tsx'],
  [/^\/auth$/, 'features/auth/components/auth-page.tsx'],
  [/^\/listings$/, 'app/routes/listings-route.tsx'],
  [/^\/listings?\/\d+$/, 'app/routes/listing-detail.tsx'],
  [/^\/create-listing$/, 'features/listings/components/create-listing-page.tsx'],
  [/^\/profile$/, 'app/routes/profile.tsx'],
  [/^\/users\/\d+$/, 'app/routes/user-profile.tsx'],
  [/^\/bookings$/, 'app/routes/bookings-page.tsx'],
  [/^\/bookings\/\d+$/, 'app/routes/booking-page.tsx'],
  [/^\/messages(\/[^/]+)?$/, 'features/messages/components/messages-page.tsx'],
  [/^\/notifications$/, 'features/notifications/components/notifications-page.tsx'],
  [/^\/saved$/, 'app/routes/saved-page.tsx'],
  [/^\/reset-password$/, 'features/auth/components/reset-password-page.tsx'],
  [/^\/verify-email$/, 'features/account/components/verify-email-page.tsx'],
  [/^\/unsubscribe$/, 'features/account/components/unsubscribe-page.tsx'],
  [/^\/how-it-works$/, 'features/content/how-it-works-page.tsx'],
  [/^\/our-mission$/, 'features/content/our-mission-page.tsx'],
  [/^\/community-stories$/, 'features/content/community-stories-page.tsx'],
  [/^\/contact$/, 'features/content/contact-page.tsx'],
  [/^\/terms$/, 'features/content/terms-page.tsx'],
  [/^\/privacy-policy$/, 'features/content/privacy-page.tsx'],
  [/^\/blog$/, 'features/content/blog-page.tsx'],
  [/^\/blog\/rise-of-yardsharing$/, 'features/content/blog-article-page.tsx'],
  [/^\/resources$/, 'features/content/resources-page.tsx'],
  [/^\/payment\/success$/, 'features/payments/components/payment-success-page.tsx'],
  [/^\/payment\/cancel$/, 'features/payments/components/payment-cancel-page.tsx'],
  [/^\/earnings$/, 'features/payouts/components/earnings-page.tsx'],
  [/^\/listings\/\d+\/edit$/, 'app/routes/edit-listing.tsx'],
];

// The table the router loads every screen but the home page's through (src/client/app/screens.ts,
// ADR 028): a page other than / needs it before its screen's code.
export const SCREENS_MODULE = 'app/screens.ts';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export class ChunkPreloads {
  private readonly manifest: Manifest | null;
  private readonly cache = new Map<string, string[]>();
  private readonly loaded: Set<string>;

  constructor(manifest: Manifest | null) {
    this.manifest = manifest;
    // What the entry already pulls in statically needs no preload.
    // (index.html's; boot.ts is an entry too, ADR 042).
    const entry =
      manifest?.['index.html'] ?? (manifest ? Object.values(manifest).find((c) => c.isEntry) : undefined);
    this.loaded = new Set(entry && manifest ? this.collect(entry, manifest, new Set()) : []);
  }

  // A pre-rendered page's first script and what it loads after the first paint (ADR 042): the boot
  // chunk (boot.ts) and the entry's files, the entry first. Null without a manifest or a boot chunk.
  bootFiles(): { boot: string; entry: string[] } | null {
    const boot = this.manifest?.['boot.ts']?.file;
    if (!boot || this.loaded.size === 0) return null;
    return { boot: `/${boot}`, entry: [...this.loaded].filter((f) => f.endsWith('.js')).map((f) => `/${f}`) };
  }

  // Reads <client>/.vite/manifest.json (vite build.manifest); without it there are no preloads.
  static fromFile(file: string): ChunkPreloads {
    try {
      return new ChunkPreloads(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
    } catch {
      return new ChunkPreloads(null);
    }
  }

  private collect(chunk: ManifestChunk, manifest: Manifest, seen: Set<string>): string[] {
    if (seen.has(chunk.file)) return [];
    seen.add(chunk.file);
    const out = [chunk.file];
    for (const key of chunk.imports ?? []) {
      const dep = manifest[key];
      if (dep) out.push(...this.collect(dep, manifest, seen));
    }
    return out;
  }

  // The chunks of a language's API texts (#shared/texts, ADR 031): the table loader and the
  // language's table, which a screen outside the shell loads with its messages (lib/i18n.ts).
  private textsFiles(locale: Locale): string[] {
    if (!this.manifest || locale === 'en') return [];
    const table = `../shared/texts/${locale}/api.ts`;
    const loader = Object.values(this.manifest).find((c) => !c.isEntry && c.dynamicImports?.includes(table));
    const files = loader ? this.collect(loader, this.manifest, new Set()) : [];
    const own = this.manifest[table];
    return [...files, ...(own ? [own.file] : [])].filter((f) => !this.loaded.has(f));
  }

  // The /assets/... URLs of everything the page's first render needs beside the entry (ADR 057), the
  // messages first: the page language's messages (ADR 031), the shell's and the route group's, with
  // the language's API texts outside the shell; the screens table; the route's chunk and its static
  // imports, not already in the entry. `path` is unprefixed.
  forPath(path: string, locale: Locale = 'en'): string[] {
    if (!this.manifest) return [];
    const key = `${locale}${path}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const mod = ROUTE_MODULES.find(([re]) => re.test(path))?.[1];
    const chunk = mod ? this.manifest[mod] : undefined;
    const files = chunk
      ? this.collect(chunk, this.manifest, new Set()).filter((f) => !this.loaded.has(f) && f.endsWith('.js'))
      : [];
    const screens = path === '/' ? undefined : this.manifest[SCREENS_MODULE];
    if (screens) files.unshift(screens.file);
    const group =
      !mod || mod === 'app/routes/home.tsx' ? null : mod.startsWith('features/content/') ? 'content' : 'app';
    if (group) files.unshift(...this.textsFiles(locale));
    for (const name of group ? ['shell', group] : ['shell']) {
      const messages = this.manifest[`locales/${locale}/${name}.po`];
      if (messages) files.unshift(messages.file);
    }
    const urls = [...new Set(files)].map((f) => `/${f}`);
    if (this.cache.size < 500) this.cache.set(key, urls);
    return urls;
  }
}
