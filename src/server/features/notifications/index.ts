// The notifications feature's public face (ADR 035): in-app notifications, their e-mails and the
// words of each event (ADR 021). Other features hold it as a Notifier (core/notifier.ts).
export { shortDay } from './booking-facts.ts';
export { Notices } from './notices.ts';
export { mailUnreadMessages, Unsubscribe } from './notifications.mail.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { NotificationsService } from './notifications.service.ts';
