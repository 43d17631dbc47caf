import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, renderAt, stubApi } from '#client/testing/render.tsx';
import { DEFAULT_AGREEMENT } from '#shared/agreement-defaults.ts';
import type { ListingDetail } from '#shared/listings.ts';
import type { Message } from '#shared/messages.ts';
import { ThreadPane } from './thread-pane.tsx';

const ME = 1;
const HOST = 2;
const party = { id: HOST, name: 'Hana Host', username: 'hana', avatar: null };

const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  fromUserId: ME,
  toUserId: HOST,
  content: `message ${id}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  read: true,
  booking: null,
  listing: null,
  ...over,
});

const listingDetail = (id: number, userId: number, title: string): ListingDetail => ({
  id,
  userId,
  title,
  description: 'Beds by the creek',
  type: 'rental',
  price: 45,
  workHours: null,
  location: '',
  city: 'Austin',
  state: 'TX',
  size: '200 sq ft',
  amenities: [],
  images: [],
  lat: 30.3,
  lng: -97.7,
  exactLocation: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  active: true,
  plots: 1,
  seasonStart: null,
  seasonEnd: null,
  bookingMode: 'request',
  cancellationPolicy: 'moderate',
  agreement: DEFAULT_AGREEMENT,
  rating: { average: 0, count: 0, fromStays: { average: 0, count: 0 } },
  host: { id: userId, memberSince: '2025-03-01T00:00:00.000Z' },
});

function api(thread: Message[], extra: ApiHandler = () => undefined): ApiHandler {
  return (method, url, body) => {
    if (method === 'GET' && url.pathname === `/api/messages/${HOST}`) return { body: thread };
    if (method === 'POST' && url.pathname === `/api/messages/${HOST}/read`) return { body: { marked: 0 } };
    if (method === 'GET' && url.pathname === '/api/blocks') return { body: [] };
    return extra(method, url, body);
  };
}

const pane = (listingId: number | null = null) => (
  <ThreadPane meId={ME} otherId={HOST} party={party} listingId={listingId} />
);

describe('ThreadPane: the listing a thread is about', () => {
  it('names the listing "Contact Host" came from, linked, and sends it with the first message', async () => {
    const calls = stubApi(
      api([], (method, url, body) => {
        if (url.pathname === '/api/listings/7') return { body: listingDetail(7, HOST, 'Creek beds') };
        if (method === 'POST' && url.pathname === '/api/messages')
          return {
            status: 201,
            body: message(10, { ...(body as object), listing: { id: 7, title: 'Creek beds' } }),
          };
      }),
    );
    await renderAt(pane(7), { path: `/messages/${HOST}?listing=7`, route: '/messages/:id' });
    const link = await screen.findByRole('link', { name: 'Creek beds' });
    expect(link.getAttribute('href')).toBe('/listings/7');
    expect(screen.getByTestId('thread-listing').textContent).toBe('About Creek beds');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Is it free in May?' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/messages')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/messages');
    expect(sent?.body).toEqual({ toUserId: HOST, content: 'Is it free in May?', listingId: 7 });
  });

  it('shows the latest listing the thread was about when opened from the list', async () => {
    stubApi(
      api([
        message(1, { listing: { id: 5, title: 'Old plot' } }),
        message(2, { listing: { id: 7, title: 'Creek beds' } }),
        message(3),
      ]),
    );
    await renderAt(pane(), { path: `/messages/${HOST}`, route: '/messages/:id' });
    expect((await screen.findByRole('link', { name: 'Creek beds' })).getAttribute('href')).toBe(
      '/listings/7',
    );
  });

  it('names no listing, and sends none, for a listing of someone else', async () => {
    stubApi(
      api([], (_m, url) =>
        url.pathname === '/api/listings/9' ? { body: listingDetail(9, 99, 'Not theirs') } : undefined,
      ),
    );
    await renderAt(pane(9), { path: `/messages/${HOST}?listing=9`, route: '/messages/:id' });
    await screen.findByText(/No messages yet/);
    expect(screen.queryByTestId('thread-listing')).toBeNull();
  });

  it('speaks the reader language', async () => {
    stubApi(api([message(2, { listing: { id: 7, title: 'Creek beds' } })]));
    await renderAt(pane(), { path: `/messages/${HOST}`, route: '/messages/:id', locale: 'de' });
    await screen.findByRole('link', { name: 'Creek beds' });
    expect(screen.getByTestId('thread-listing').textContent).not.toMatch(/^About/);
  });
});
