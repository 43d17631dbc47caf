// The docs feature's public face (ADR 035): /api/openapi.json and /api/docs (ADR 014).
export { docsPlugin } from './docs.plugin.ts';
