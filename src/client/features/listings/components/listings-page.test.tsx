import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, renderAt, stubApi } from '#client/testing/render.tsx';
import type { ListingSummary } from '#shared/listings.ts';
import ListingsPage from './listings-page.tsx';

// A shared machine can be slow to render the first screen (catalogues, lazy parts): wait, up to a bound.
configure({ asyncUtilTimeout: 5000 });

// The browse page: its address is its filters (read, written, cleaned), the place a misspelt
// "near" was read as, the map without "Load more", a place it cannot read said as such rather than
// as a failure, and plain GET forms under the script (ADR 051).

// The map needs a browser's layout (Leaflet): here, a stand-in that says it is there.
vi.mock('./map/listings-map.tsx', () => ({ default: () => <div data-testid="map">map</div> }));

const listing = (id: number, city = 'Portland', state = 'OR'): ListingSummary => ({
  id,
  userId: 7,
  title: `Raised beds ${id}`,
  description: 'Four cedar raised beds with drip irrigation.',
  type: 'rental',
  price: 45,
  workHours: null,
  location: '',
  city,
  state,
  size: null,
  amenities: [],
  images: [],
  lat: 45.5,
  lng: -122.6,
  exactLocation: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  active: true,
  plots: 1,
  seasonStart: null,
  seasonEnd: null,
  bookingMode: 'request',
  cancellationPolicy: 'flexible',
});

type Search = (q: URLSearchParams) => ApiAnswer;
const found =
  (items: ListingSummary[], headers: Record<string, string> = {}): Search =>
  () => ({ body: items, headers: { 'X-Total-Count': String(items.length), ...headers } });

async function page(
  path: string,
  search: Search = found([listing(1), listing(2)]),
  locale: 'en' | 'de' = 'en',
) {
  const calls = stubApi((_m, url) => {
    if (url.pathname === '/api/listings') return search(url.searchParams);
    if (url.pathname === '/api/places')
      return {
        body: /^seat/i.test(url.searchParams.get('q') ?? '')
          ? [{ city: 'Seattle', state: 'WA', listings: 2 }]
          : [],
      };
    if (url.pathname === '/api/places/nearby') return { body: [] };
    return undefined;
  });
  const view = await renderAt(<ListingsPage />, { path, route: '/listings', locale });
  const searches = () =>
    calls.filter((c) => c.url.pathname === '/api/listings').map((c) => c.url.searchParams);
  const address = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, searches, address, user: userEvent.setup() };
}

describe('ListingsPage', { timeout: 20_000 }, () => {
  it('searches what its address says, and shows it: type pressed, filters as chips, the count', async () => {
    const { searches } = await page(
      '/listings?type=rental&location=Portland%2C+OR&minPrice=20&amenities=Fenced',
    );
    expect(await screen.findByText('2 spaces found')).toBeTruthy();
    expect(searches()[0].toString()).toBe('type=rental&location=Portland%2C+OR&minPrice=20&amenities=Fenced');
    expect(screen.getByRole('button', { name: 'Paid Spaces' }).getAttribute('aria-pressed')).toBe('true');
    const chips = within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('button');
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Remove filter: From $20 / month',
      'Remove filter: Fenced',
    ]);
    expect(screen.getByRole('combobox', { name: 'Search by city or state' })).toHaveProperty(
      'value',
      'Portland, OR',
    );
  });

  it('writes a type, a search and a removed chip back to its address, keeping the rest', async () => {
    const { user, address } = await page('/listings?near=Eugene%2C+OR&sort=distance&minSize=100');
    await screen.findByText('2 spaces found');
    await user.click(screen.getByRole('button', { name: 'Work Exchange' }));
    expect(address().get('type')).toBe('exchange');
    await user.type(screen.getByRole('searchbox', { name: 'Search by keyword' }), 'tomatoes{Enter}');
    expect(address().get('q')).toBe('tomatoes');
    // The place's chip takes its distance and its order with it.
    await user.click(screen.getByRole('button', { name: /Remove filter: Within 50 km of Eugene, OR/ }));
    expect(address().toString()).toBe('minSize=100&type=exchange&q=tomatoes');
  });

  it('closes the place suggestions when the search is sent with Enter', async () => {
    const { user, address } = await page('/listings');
    await screen.findByText('2 spaces found');
    const box = screen.getByRole('combobox', { name: 'Search by city or state' });
    await user.type(box, 'Seatle');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(address().get('location')).toBe('Seatle');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('says which place a misspelt "near" was read as', async () => {
    const { searches } = await page(
      '/listings?near=Seatle',
      found([listing(1, 'Seattle', 'WA')], { 'X-Near-Place': 'Seattle%2C%20WA' }),
    );
    expect((await screen.findByTestId('results-near')).textContent).toBe('Showing spaces near Seattle, WA.');
    expect(searches()[0].get('near')).toBe('Seatle');
    expect(screen.getByRole('button', { name: 'Remove filter: Within 50 km of Seattle, WA' })).toBeTruthy();
  });

  it('offers "Load more spaces" under the cards, never under the map, which shows every result', async () => {
    const more = found([listing(1), listing(2)], { 'X-Next-Cursor': 'next', 'X-Total-Count': '40' });
    const { user } = await page('/listings?location=Portland%2C+OR&view=map', more);
    expect(await screen.findByTestId('map')).toBeTruthy();
    expect(screen.getByText('40 spaces found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more spaces' })).toBeNull();
    // The same results as cards: a page at a time, with the button.
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findByRole('button', { name: 'Load more spaces' })).toBeTruthy();
    expect(screen.queryByTestId('map')).toBeNull();
  });

  it('says a place it cannot read is not found, not that loading failed', async () => {
    const unknown: Search = () => ({
      status: 400,
      body: { message: 'We could not find the place "Qwzxv". Try "City, State".', code: 'UNKNOWN_PLACE' },
    });
    await page('/listings?near=Qwzxv', unknown);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('We could not find the place "Qwzxv". Try "City, State".');
    expect(screen.queryByText('Error loading listings')).toBeNull();
    expect(screen.getByRole('button', { name: /Remove filter: Within 50 km of Qwzxv/ })).toBeTruthy();
  });

  it("shows the spec's error when the search fails", async () => {
    await page('/listings', () => ({ status: 500, body: { message: 'Internal Server Error' } }));
    expect(await screen.findByText('Error loading listings')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
  });

  it('shows the empty state when nothing is found', async () => {
    await page('/listings?type=community', found([]));
    expect(await screen.findByText('No listings found')).toBeTruthy();
  });

  it('drops the empty fields a plain form leaves in its address', async () => {
    const { address, searches } = await page('/listings?location=&q=&type=rental&available=');
    await screen.findByText('2 spaces found');
    await waitFor(() => expect(address().toString()).toBe('type=rental'));
    expect(searches().map((s) => s.toString())).toEqual(['type=rental']);
  });

  it('is plain GET forms under the script: the search, and the type buttons, keeping the address', async () => {
    const { container } = await page(
      '/de/listings?type=rental&minPrice=20&location=Boise'.replace('/de', ''),
    );
    await screen.findByText('2 spaces found');
    const search = screen.getByRole('search');
    expect(search.getAttribute('method')).toBe('get');
    expect(search.getAttribute('action')).toBe('/listings');
    const fields = [...new FormData(search as HTMLFormElement).entries()].map(([k, v]) => `${k}=${v}`);
    expect(fields.sort()).toEqual(['location=Boise', 'minPrice=20', 'q=', 'type=rental']);
    const typeForm = screen.getByRole('button', { name: 'Work Exchange' }).closest('form') as HTMLFormElement;
    expect(typeForm.getAttribute('action')).toBe('/listings');
    expect(screen.getByRole('button', { name: 'Work Exchange' }).getAttribute('name')).toBe('type');
    expect(screen.getByRole('button', { name: 'All Spaces' }).getAttribute('value')).toBe('');
    expect([...new FormData(typeForm).keys()].sort()).toEqual(['location', 'minPrice']);
    expect(container.querySelector('noscript')).toBeTruthy();
  });

  it('speaks the visitor language', async () => {
    await page('/listings?near=Seatle', found([listing(1)], { 'X-Near-Place': 'Seattle%2C%20WA' }), 'de');
    expect((await screen.findByTestId('results-near')).textContent).not.toContain('Showing spaces near');
    expect(screen.getByRole('button', { name: 'Alle Flächen' })).toBeTruthy();
  });
});
