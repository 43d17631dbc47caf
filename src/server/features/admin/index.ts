// The admin feature's public face (ADR 035): the operator console's API (ADR 029) and the role
// hand-off of `npm run admin`.
export { AdminActions, auditRefund } from './admin.actions.ts';
export { AdminJobs } from './admin.jobs.ts';
export { adminRoutes } from './admin.routes.ts';
export { AdminService } from './admin.service.ts';
export { type HandoffRequest, handOff, runRequest } from './handoff.ts';
