import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapConfigSchema } from '#shared/map.ts';
import type { Config } from '../../config.ts';

const routes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // The map's tile layer and attribution, which the map loads with itself.
  app.get('/api/map-config', { schema: { response: { 200: mapConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return config.map;
  });
};

export const mapRoutes = fp(routes, { name: 'map' });
