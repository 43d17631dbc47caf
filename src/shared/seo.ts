// Page heads, written once for the client and the server: the rules, the static pages' table and
// the listings' heads.
export * from './seo/head.ts';
export * from './seo/listings.ts';
export * from './seo/pages.ts';
