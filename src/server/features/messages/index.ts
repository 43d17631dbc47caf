// The messages feature's public face (ADR 035): conversations and the live stream (ADR 007, 020).
export { MessageHub } from './message-hub.ts';
export { messagesRoutes } from './messages.routes.ts';
export { MessagesService } from './messages.service.ts';
