import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { relativeTime as relative, safeLink } from './notification-format.ts';

const en = setupI18n({ locale: 'en', messages: { en: {} } });
const relativeTime = (iso: string, now: number) => relative(iso, en, now);

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  it('says just now, minutes, hours, then days', () => {
    expect(relativeTime(ago(10_000), NOW)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3_600_000), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
  });

  it('gives the date after a week, and treats a clock ahead of ours as just now', () => {
    expect(relativeTime('2026-11-01T12:00:00Z', NOW)).toBe('Nov 1, 2026');
    expect(relativeTime(new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('safeLink', () => {
  it('keeps paths in the app and sends anything else home', () => {
    expect(safeLink('/messages/12')).toBe('/messages/12');
    expect(safeLink('/bookings/3?tab=hours')).toBe('/bookings/3?tab=hours');
    expect(safeLink('//evil.example/x')).toBe('/');
    expect(safeLink('/\\evil.example')).toBe('/');
    expect(safeLink('https://evil.example')).toBe('/');
    expect(safeLink('javascript:alert(1)')).toBe('/');
  });
});
