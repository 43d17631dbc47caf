// Trust and safety (issue 22, ADR 029): reports, blocks, roles, the operator console, and the
// off-platform payment signal on messages. One contract for the server and the client.
//
// API (every body and answer below; errors are { message, code? } as everywhere):
//
// Members (signed in; 401 otherwise):
//   POST   /api/reports                 createReportSchema -> 201 reportSchema
//                                       409 { message } when the same reporter already has an OPEN
//                                       report on the same subject; 404 unknown subject; 400 for
//                                       reporting yourself or your own listing / message.
//   GET    /api/blocks                  -> 200 blockedUsersSchema (newest first)
//   POST   /api/blocks                  blockUserSchema -> 201 blockedUserSchema (200 if already
//                                       blocked); 400 yourself; 404 unknown user.
//   DELETE /api/blocks/:userId          -> 200 { message } (also when there was no block)
//   Blocks are symmetric: neither user can message, book or review the other, and neither sees the
//   other's listings (search, detail, map, profile). Refusals answer 403 { message, code: 'blocked' }.
//   GET /api/auth/me (and login/register) now carry `role` (USER_ROLES).
//   Message payloads (GET /api/messages/:userId, SSE) carry `paymentWarning: true` on messages the
//   reader RECEIVED that look like an off-platform payment request, and `removed: true` (content =
//   REMOVED_MESSAGE_TEXT) on messages an admin removed.
//   Login of a suspended account: 403 { message: suspendedMessage(supportEmail), code: 'suspended' }.
//
// Admins only. Anyone else (anonymous, member, suspended) gets 404 { message: 'Not found' } on EVERY
// /api/admin/... path, whatever the method:
//   GET  /api/admin/stats                       -> adminStatsSchema
//   GET  /api/admin/reports?status=&page=       adminReportsQuerySchema -> adminReportsPageSchema
//   GET  /api/admin/reports/:id                 -> adminReportSchema
//   POST /api/admin/reports/:id/dismiss         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/listings/:id/hide           adminActionSchema -> adminActionResultSchema
//   POST /api/admin/listings/:id/unhide         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/messages/:id/remove         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/users/:id/warn              adminWarnSchema   -> adminActionResultSchema
//   POST /api/admin/users/:id/suspend           adminActionSchema -> adminActionResultSchema
//   POST /api/admin/users/:id/reinstate         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/payments/:id/refund         adminRefundSchema -> adminActionResultSchema
//   GET  /api/admin/users?q=&page=              adminSearchQuerySchema -> adminUsersPageSchema
//   GET  /api/admin/users/:id                   -> adminUserDetailSchema
//   GET  /api/admin/listings?q=&page=           adminSearchQuerySchema -> adminListingsPageSchema
//   GET  /api/admin/payments?filter=&page=      adminPaymentsQuerySchema -> adminPaymentsPageSchema
//   GET  /api/admin/audit?page=&subjectType=&subjectId=  adminAuditQuerySchema -> adminAuditPageSchema
// An action given `reportId` closes that report as 'actioned'; hide_listing, remove_message and
// suspend also close every other open report on the same subject. Every action writes one audit
// entry (who, what, subject, reason, when); the audit log has no update or delete route at all.
//
// Roles are granted from the command line only: `npm run admin -- grant <username>` / `revoke`.

export * from './moderation-admin.ts';
export * from './moderation-console.ts';
export * from './moderation-members.ts';
export * from './moderation-text.ts';
export * from './off-platform.ts';
