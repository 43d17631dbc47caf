// The reports feature's public face (ADR 035): a member reports a listing, a message or a user
// (ADR 029).
export { reportsRoutes } from './reports.routes.ts';
export { ReportsService, toReport } from './reports.service.ts';
