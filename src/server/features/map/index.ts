// The map feature's public face (ADR 035): the map's settings for the client (ADR 023).
export { mapRoutes } from './map.routes.ts';
