import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { createReportSchema, reportSchema } from '#shared/moderation.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { ReportsService } from './reports.service.ts';

const routes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports: service }) => {
  app.post(
    '/api/reports',
    {
      config: signedIn,
      schema: {
        body: createReportSchema,
        response: { 201: reportSchema, ...errorResponses, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.user.id, request.body)),
  );
};

export const reportsRoutes = fp(routes, { name: 'reports', dependencies: ['auth'] });
