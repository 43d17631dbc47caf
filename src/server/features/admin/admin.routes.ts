import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminJobParamsSchema, adminJobsSchema } from '#shared/admin-jobs.ts';
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
import { adminPost } from '../../plugins/admin-post.ts';
import { actorOf, adminOnly } from '../../plugins/guards.ts';
import type { AdminActions } from './admin.actions.ts';
import type { AdminJobs } from './admin.jobs.ts';
import type { AdminService } from './admin.service.ts';
import { serveHandoff } from './handoff.ts';

const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema };
const id = (label: string) => z.object({ id: idParam(label) });

// The operator console's API (ADR 029). The guard (plugins/guards.ts) is a hook on every
// /api/admin path, before body and query validation, so a member's malformed request is the same
// 404 as a good one.
const routes: FastifyPluginAsyncZod<{
  config: Config;
  admin: AdminService;
  actions: AdminActions;
  jobs: AdminJobs;
}> = async (app, { config, admin: service, actions, jobs }) => {
  // On the embedded database, `npm run admin` hands its command to the listening server, which
  // alone may open DATA_DIR (handoff.ts). Tests that never listen do not poll.
  if (!config.databaseUrl) {
    let stop: (() => void) | null = null;
    app.addHook('onListen', async () => {
      stop ??= serveHandoff(config.dataDir, (req) => service.runRequest(req), app.log);
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

  // The decisions (adminPost: an id, a reason, the audit entry back).
  const decide = { body: adminActionSchema, errors };
  adminPost(app, '/api/admin/reports/:id/dismiss', { idName: 'Report id', ...decide }, (actor, id, body) =>
    actions.dismiss(actor, id, body.reason),
  );
  adminPost(app, '/api/admin/listings/:id/hide', { idName: 'Listing id', ...decide }, (actor, id, body) =>
    actions.hideListing(actor, id, body.reason, body.reportId),
  );
  adminPost(app, '/api/admin/listings/:id/unhide', { idName: 'Listing id', ...decide }, (actor, id, body) =>
    actions.unhideListing(actor, id, body.reason, body.reportId),
  );
  adminPost(app, '/api/admin/messages/:id/remove', { idName: 'Message id', ...decide }, (actor, id, body) =>
    actions.removeMessage(actor, id, body.reason, body.reportId),
  );
  adminPost(
    app,
    '/api/admin/users/:id/warn',
    { idName: 'User id', body: adminWarnSchema, errors },
    (actor, id, body) => actions.warn(actor, id, body.reason, body.message ?? null, body.reportId),
  );
  adminPost(app, '/api/admin/users/:id/suspend', { idName: 'User id', ...decide }, (actor, id, body) =>
    actions.suspend(actor, id, body.reason, body.reportId),
  );
  adminPost(app, '/api/admin/users/:id/reinstate', { idName: 'User id', ...decide }, (actor, id, body) =>
    actions.reinstate(actor, id, body.reason, body.reportId),
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

  // The background jobs (issue 62): each kind's figures, the runs that failed for good, and a retry.
  app.get(
    '/api/admin/jobs',
    { config: adminOnly, schema: { response: { 200: adminJobsSchema, ...errors } } },
    async () => jobs.overview(),
  );

  app.post(
    '/api/admin/jobs/:kind/:id/retry',
    {
      config: adminOnly,
      schema: { params: adminJobParamsSchema, response: { 200: adminActionResultSchema, ...errors } },
    },
    async (request) => jobs.retry(actorOf(request), request.params.kind, request.params.id),
  );
};

export const adminRoutes = fp(routes, { name: 'admin', dependencies: ['guards'] });
