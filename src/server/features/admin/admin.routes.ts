import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam } from '#shared/errors.ts';
import {
  adminActionResultSchema,
  adminActionSchema,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminListingsPageSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  adminReportSchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  adminSearchQuerySchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminWarnSchema,
} from '#shared/moderation.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, adminOnly } from '../../plugins/guards.ts';
import type { AdminActions } from './admin.actions.ts';
import type { AdminService } from './admin.service.ts';
import { serveHandoff } from './handoff.ts';

const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema };
const id = (label: string) => z.object({ id: idParam(label) });

// The operator console's API (ADR 029). The guard (plugins/guards.ts) is a hook on every
// /api/admin path, before body and query validation, so a member's malformed request is the same
// 404 as a good one.
const routes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  admin: AdminService;
  actions: AdminActions;
}> = async (app, { db, config, admin: service, actions }) => {
  // On the embedded database, `npm run admin` hands its command to the listening server, which
  // alone may open DATA_DIR (handoff.ts). Tests that never listen do not poll.
  if (!config.databaseUrl) {
    let stop: (() => void) | null = null;
    app.addHook('onListen', async () => {
      stop ??= serveHandoff(config.dataDir, db, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.get(
    '/api/admin/stats',
    { config: adminOnly, schema: { response: { 200: adminStatsSchema, ...errors } } },
    async () => service.stats(),
  );

  app.get(
    '/api/admin/reports',
    {
      config: adminOnly,
      schema: { querystring: adminReportsQuerySchema, response: { 200: adminReportsPageSchema, ...errors } },
    },
    async (request) => service.reportsQueue(request.query.status, request.query.page),
  );

  app.get(
    '/api/admin/reports/:id',
    {
      config: adminOnly,
      schema: { params: id('Report id'), response: { 200: adminReportSchema, ...errors } },
    },
    async (request) => service.report(request.params.id),
  );

  const action = { response: { 200: adminActionResultSchema, ...errors } };

  app.post(
    '/api/admin/reports/:id/dismiss',
    { config: adminOnly, schema: { params: id('Report id'), body: adminActionSchema, ...action } },
    async (request) => actions.dismiss(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/listings/:id/hide',
    { config: adminOnly, schema: { params: id('Listing id'), body: adminActionSchema, ...action } },
    async (request) =>
      actions.hideListing(actorOf(request), request.params.id, request.body.reason, request.body.reportId),
  );

  app.post(
    '/api/admin/listings/:id/unhide',
    { config: adminOnly, schema: { params: id('Listing id'), body: adminActionSchema, ...action } },
    async (request) =>
      actions.unhideListing(actorOf(request), request.params.id, request.body.reason, request.body.reportId),
  );

  app.post(
    '/api/admin/messages/:id/remove',
    { config: adminOnly, schema: { params: id('Message id'), body: adminActionSchema, ...action } },
    async (request) =>
      actions.removeMessage(actorOf(request), request.params.id, request.body.reason, request.body.reportId),
  );

  app.post(
    '/api/admin/users/:id/warn',
    { config: adminOnly, schema: { params: id('User id'), body: adminWarnSchema, ...action } },
    async (request) =>
      actions.warn(
        actorOf(request),
        request.params.id,
        request.body.reason,
        request.body.message ?? null,
        request.body.reportId,
      ),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    { config: adminOnly, schema: { params: id('User id'), body: adminActionSchema, ...action } },
    async (request) =>
      actions.suspend(actorOf(request), request.params.id, request.body.reason, request.body.reportId),
  );

  app.post(
    '/api/admin/users/:id/reinstate',
    { config: adminOnly, schema: { params: id('User id'), body: adminActionSchema, ...action } },
    async (request) =>
      actions.reinstate(actorOf(request), request.params.id, request.body.reason, request.body.reportId),
  );

  app.get(
    '/api/admin/users',
    {
      config: adminOnly,
      schema: { querystring: adminSearchQuerySchema, response: { 200: adminUsersPageSchema, ...errors } },
    },
    async (request) => service.searchUsers(request.query.q, request.query.page),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: adminOnly,
      schema: { params: id('User id'), response: { 200: adminUserDetailSchema, ...errors } },
    },
    async (request) => service.userDetail(request.params.id),
  );

  app.get(
    '/api/admin/listings',
    {
      config: adminOnly,
      schema: { querystring: adminSearchQuerySchema, response: { 200: adminListingsPageSchema, ...errors } },
    },
    async (request) => service.searchListings(request.query.q, request.query.page),
  );

  app.get(
    '/api/admin/payments',
    {
      config: adminOnly,
      schema: {
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsPageSchema, ...errors },
      },
    },
    async (request) => service.paymentsList(request.query.filter, request.query.page),
  );

  app.get(
    '/api/admin/audit',
    {
      config: adminOnly,
      schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditPageSchema, ...errors } },
    },
    async (request) =>
      service.audit(
        { subjectType: request.query.subjectType, subjectId: request.query.subjectId },
        request.query.page,
      ),
  );
};

export const adminRoutes = fp(routes, { name: 'admin', dependencies: ['guards'] });
