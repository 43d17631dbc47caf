// The page forms' public face (ADR 058): the listing page's and the conversation's forms as plain
// HTML forms, answered with pages.
export { type PageFormServices, pageFormRoutes } from './page-forms.routes.ts';
