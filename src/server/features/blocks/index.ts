// The blocks feature's public face (ADR 035): a member's block list. The check every feature makes
// before one member reaches another is its data face, queries.ts (ADR 053).
export { blocksRoutes } from './blocks.routes.ts';
export { BlocksService } from './blocks.service.ts';
