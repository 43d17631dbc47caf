import { z } from 'zod';
import { MESSAGE_MAX } from './constants.ts';
import { idSchema, text } from './fields.ts';
import type { NotificationStreamEvents } from './notifications.ts';

export { MESSAGE_MAX };

export const sendMessageSchema = z.object({
  toUserId: idSchema('toUserId'),
  content: text('Message', 'Message content is required')
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
  // The booking the message is about: the two users must be its grower and host.
  bookingId: idSchema('bookingId').nullish(),
  // The listing the message is about ("Contact Host" on its page): one of the two users' listings.
  listingId: idSchema('listingId').nullish(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const messageSchema = z.object({
  // Server-assigned sequence: the order of a thread.
  id: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  // The booking it was sent about; null when none (or the booking is gone).
  booking: z.object({ id: z.number().int(), listingTitle: z.string() }).nullable(),
  // The listing it was sent about from the listing's "Contact Host"; null when none (or it is gone).
  listing: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  // Set on a message the reader RECEIVED that looks like a request to pay outside Yardshare
  // (offPlatformPaymentSignal in moderation.ts): show PAYMENT_WARNING_TEXT beside it (ADR 029).
  paymentWarning: z.boolean().optional(),
  // An admin removed it: content is REMOVED_MESSAGE_TEXT.
  removed: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

// GET /api/users/{id}. Everyone gets the public profile (displayName is the first name); username
// and the full name only go to the user themself and to users who share a conversation with them.
export const publicUserSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  username: z.string().optional(),
  name: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

// POST /api/messages/{userId}/read: how many messages were newly marked read.
export const markReadSchema = z.object({ marked: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadSchema>;

export const conversationSchema = z.object({
  userId: z.number().int(),
  user: z.object({ name: z.string(), username: z.string(), avatar: z.string().nullable() }),
  unreadCount: z.number().int(),
  lastMessage: z.object({
    id: z.number().int(),
    content: z.string(),
    fromUserId: z.number().int(),
    createdAt: z.string(),
  }),
  lastMessageAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

// Server-Sent Events on GET /api/messages/stream (with the notification events).
export type StreamEvents = NotificationStreamEvents & {
  // On connect: the user's total of unread messages, and of unread notifications (the bell).
  ready: { unreadCount: number; notificationCount: number };
  // A message to or from the user; unreadCount is the user's total after it.
  message: { message: Message; unreadCount: number };
  // The user's unread total changed (a thread was read in another tab).
  unread: { unreadCount: number };
};
export const STREAM_HEARTBEAT_MS = 25_000;
