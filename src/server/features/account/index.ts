// The account feature's public face (ADR 035): a member's own settings, e-mail change, export and
// deletion. Other features and the composition root import only this file.
export { accountRoutes } from './account.routes.ts';
export { AccountService } from './account.service.ts';
