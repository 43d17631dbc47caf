// The saved feature's public face (ADR 035): saved listings and searches (ADR 023).
export { savedRoutes } from './saved.routes.ts';
export { SavedService } from './saved.service.ts';
