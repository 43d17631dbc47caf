import { z } from 'zod';
import { idSchema, text } from './fields.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';

export * from './notification-kinds.ts';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

// One notification as the bell and /notifications show it.
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  // A path in the app (e.g. /messages/12, /bookings/3).
  link: z.string(),
  // New messages from one sender collapse into one notification; count says how many.
  count: z.number().int(),
  actor: z
    .object({ id: z.number().int(), displayName: z.string(), avatar: z.string().nullable() })
    .nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

// GET /api/notifications?cursor=&limit= : newest first, keyset paginated.
export const notificationsQuerySchema = z.object({
  cursor: text('Cursor').max(400).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// POST /api/notifications/read: some ({ ids }) or all ({ all: true }) of the user's own.
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(idSchema('Notification id')).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;
export const notificationsReadResultSchema = z.object({
  marked: z.number().int(),
  unreadCount: z.number().int(),
});

// GET /api/notifications/unread-count
export const unreadCountSchema = z.object({ count: z.number().int() });

// GET and PUT /api/notifications/preferences: per kind, also by e-mail (true) or in the app only.
export const notificationPrefsSchema = z.object({
  email: z.record(notificationKindSchema, z.boolean()),
});
export const updateNotificationPrefsSchema = z.object({
  email: z.partialRecord(notificationKindSchema, z.boolean()),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

// Server-Sent Events on GET /api/messages/stream (beside the message events).
export type NotificationStreamEvents = {
  // A new (or grown) notification; unreadCount is the user's unread total after it.
  notification: { notification: Notification; unreadCount: number };
  // The unread total changed (read in another tab).
  notificationsUnread: { unreadCount: number };
};
