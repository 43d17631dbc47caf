// The seo feature's public face (ADR 035): server-rendered heads, pre-rendered public pages and
// the sitemap (ADR 009, 011).

export { createSeoService } from './build-seo.ts';
export { languageRedirect, sendPage, seoPlugin } from './seo.routes.ts';
export type { PageRenderer } from './seo.service.ts';
