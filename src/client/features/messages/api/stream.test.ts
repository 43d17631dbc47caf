import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/notifications.ts';
import { notificationThreadUser } from './stream.ts';

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'message',
  title: 'New message',
  body: '',
  link: '/messages/7',
  count: 1,
  actor: null,
  read: false,
  createdAt: new Date(0).toISOString(),
  ...over,
});

describe('notificationThreadUser', () => {
  it('is the sender of a new-message notification, else the thread in its link', () => {
    expect(notificationThreadUser(note({ actor: { id: 9, displayName: 'Ann', avatar: null } }))).toBe(9);
    expect(notificationThreadUser(note({}))).toBe(7);
    expect(notificationThreadUser(note({ link: '/messages/7?booking=3' }))).toBe(7);
  });

  it('is none for other kinds and other links', () => {
    expect(notificationThreadUser(note({ kind: 'booking_paid', link: '/bookings/3' }))).toBeNull();
    expect(notificationThreadUser(note({ link: '/messages' }))).toBeNull();
  });
});
