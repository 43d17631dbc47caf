import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '#client/lib/format.ts';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import { filtersFromParams } from '../api/browse-filters.ts';
import { PANEL_KEYS, type PanelFilters } from './filter-chips.ts';
import { ListingFiltersPanel } from './listing-filters.tsx';

// A shared machine can be slow to render the first screen (catalogues, lazy parts): wait, up to a bound.
configure({ asyncUtilTimeout: 5000 });

// The Filters panel: the address's values in, the values to apply out, nothing applied while a
// field is wrong, "Near a place" suggesting places misspelt (ADR 051), and a plain GET form whose
// fields send what the page's own update would (ADR 051).

// GET /api/places as the server answers it: "Seatle" is Seattle, WA (src/server listings.near-typos test).
const places = (q: string) =>
  /^seat/i.test(q)
    ? [
        { city: 'Seattle', state: 'WA', listings: 4 },
        { city: 'Seat Pleasant', state: 'MD', listings: 0 },
      ]
    : [];

async function panel(value: PanelFilters = {}, params = new URLSearchParams()) {
  const calls = stubApi((_m, url) =>
    url.pathname === '/api/places' ? { body: places(url.searchParams.get('q') ?? '') } : undefined,
  );
  const onApply = vi.fn();
  const view = await renderAt(
    <ListingFiltersPanel id="filters" value={value} onApply={onApply} action="/listings" params={params} />,
    { path: '/listings' },
  );
  const form = view.container.querySelector('form') as HTMLFormElement;
  return { ...view, calls, onApply, form, user: userEvent.setup() };
}
const apply = () => screen.getByRole('button', { name: 'Apply filters' });
const nearBox = () => screen.getByRole('combobox', { name: 'Near a place (city, state)' });

describe('ListingFiltersPanel', { timeout: 20_000 }, () => {
  it('keeps the $0 of the price note with its currency, on one line, in every language (ADR 059)', async () => {
    for (const locale of ['en', 'de', 'es', 'fr', 'ja'] as const) {
      stubApi(() => undefined);
      const view = await renderAt(
        <ListingFiltersPanel
          id="filters"
          value={{}}
          onApply={vi.fn()}
          action="/listings"
          params={new URLSearchParams()}
        />,
        { path: '/listings', locale },
      );
      // The amount as prices are written (German: "0 $", joined by a no-break space), in one piece.
      const kept = view.container.querySelector('fieldset p span.whitespace-nowrap');
      expect(kept?.textContent, locale).toBe(formatMoney(0, locale, { whole: true }));
      expect(kept?.textContent, locale).not.toContain(' ');
      if (locale === 'de') expect(kept?.textContent).toBe('0\u00a0$');
      view.unmount();
    }
  });

  it('opens with the values of the address', async () => {
    await panel({
      minPrice: 20,
      maxPrice: 90,
      minSize: 200,
      amenities: ['Fenced', 'Bee hives'],
      near: 'Eugene, OR',
      radiusKm: 100,
      sort: 'price_asc',
    });
    expect(screen.getByRole('textbox', { name: 'Lowest price per month' })).toHaveProperty('value', '20');
    expect(screen.getByRole('textbox', { name: 'Highest price per month' })).toHaveProperty('value', '90');
    expect(screen.getByLabelText('Minimum size (sq ft)')).toHaveProperty('value', '200');
    expect(nearBox()).toHaveProperty('value', 'Eugene, OR');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveProperty('value', '100');
    expect(screen.getByRole('checkbox', { name: 'Fenced' })).toHaveProperty('checked', true);
    // An amenity of the address that is not a common one is listed, and checked.
    expect(screen.getByRole('checkbox', { name: 'Bee hives' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      'Price: low to high',
    );
  });

  it('applies the values typed, leaving out the default order and a distance without a place', async () => {
    const { user, onApply } = await panel();
    await user.type(screen.getByRole('textbox', { name: 'Lowest price per month' }), '15');
    await user.click(screen.getByRole('checkbox', { name: 'Fenced' }));
    await user.click(apply());
    expect(onApply).toHaveBeenCalledWith({
      minPrice: 15,
      maxPrice: undefined,
      minSize: undefined,
      amenities: ['Fenced'],
      available: undefined,
      near: undefined,
      radiusKm: undefined,
      sort: undefined,
    });
  });

  it('applies nothing while a price or size is wrong, and says why', async () => {
    const { user, onApply } = await panel();
    await user.type(screen.getByRole('textbox', { name: 'Lowest price per month' }), '90');
    await user.type(screen.getByRole('textbox', { name: 'Highest price per month' }), '20');
    await user.click(apply());
    expect(screen.getByRole('alert').textContent).toBe('The lowest price must not be above the highest');
    await user.clear(screen.getByRole('textbox', { name: 'Highest price per month' }));
    await user.type(screen.getByRole('textbox', { name: 'Highest price per month' }), '2.5');
    expect(screen.getByRole('alert').textContent).toBe('Prices are whole numbers of dollars');
    await user.type(screen.getByLabelText('Minimum size (sq ft)'), 'big');
    await user.click(apply());
    expect(screen.getByText('Size is a whole number of square feet')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers Distance as an order only once a place is typed, and orders by it by default then', async () => {
    const { user, onApply } = await panel();
    const sorts = () =>
      [...(screen.getByLabelText('Sort by') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(sorts()).not.toContain('Distance');
    await user.type(nearBox(), 'Eugene, OR');
    expect(sorts()).toContain('Distance');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '25');
    await user.click(apply());
    expect(onApply.mock.calls[0][0]).toMatchObject({ near: 'Eugene, OR', radiusKm: 25, sort: undefined });
  });

  it('suggests Seattle, WA for "Seatle" in Near a place; a pick fills the box and the list closes', async () => {
    const { user, onApply, calls } = await panel();
    await user.type(nearBox(), 'Seatle');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')[0].textContent).toBe('Seattle, WA4 spaces');
    expect(
      calls.some((c) => c.url.pathname === '/api/places' && c.url.searchParams.get('q') === 'Seatle'),
    ).toBe(true);
    await user.click(within(list).getAllByRole('option')[0]);
    expect(nearBox()).toHaveProperty('value', 'Seattle, WA');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(apply());
    expect(onApply.mock.calls[0][0]).toMatchObject({ near: 'Seattle, WA', radiusKm: 50 });
  });

  it('closes the suggestions on Enter and applies what was typed', async () => {
    const { user, onApply } = await panel();
    await user.type(nearBox(), 'Seatle');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(nearBox().getAttribute('aria-expanded')).toBe('false');
    // The server reads "Seatle" as Seattle, WA (X-Near-Place).
    expect(onApply.mock.calls[0][0]).toMatchObject({ near: 'Seatle' });
  });

  it('closes the suggestions on Escape, and picks one with the arrows and Enter', async () => {
    const { user, onApply } = await panel();
    await user.type(nearBox(), 'Seatle');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(nearBox(), '{Backspace}e');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(nearBox()).toHaveProperty('value', 'Seattle, WA');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Reset empties every field', async () => {
    const { user } = await panel({ minPrice: 20, near: 'Eugene, OR', amenities: ['Fenced'] });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Lowest price per month' })).toHaveProperty('value', '');
    expect(nearBox()).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox', { name: 'Fenced' })).toHaveProperty('checked', false);
  });

  it('is a plain GET form to /listings whose fields send what Apply would, keeping the other parameters', async () => {
    const kept = new URLSearchParams('type=rental&location=Portland%2C+OR&q=tomatoes&minPrice=5');
    const { user, onApply, form } = await panel({ minPrice: 5 }, kept);
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/listings');
    await user.type(screen.getByRole('textbox', { name: 'Highest price per month' }), '90');
    await user.type(nearBox(), 'Eugene, OR');
    await user.keyboard('{Escape}');
    // Ticked in the order the form lists them, the order the browser sends them in.
    await user.click(screen.getByRole('checkbox', { name: 'Water access' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fenced' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await user.click(apply());
    // What the browser would send without the script, read as the page reads its address.
    const sent = new URLSearchParams(
      [...new FormData(form).entries()].map(([k, v]) => [k, String(v)] as [string, string]),
    );
    expect(sent.getAll('type')).toEqual(['rental']);
    expect(sent.get('location')).toBe('Portland, OR');
    expect(sent.get('q')).toBe('tomatoes');
    // Only one of each: the panel's own fields are not also kept from the address.
    expect(sent.getAll('minPrice')).toEqual(['5']);
    const read = filtersFromParams(sent);
    const applied = onApply.mock.calls[0][0] as PanelFilters;
    const own = Object.fromEntries(PANEL_KEYS.flatMap((k) => (read[k] === undefined ? [] : [[k, read[k]]])));
    expect(own).toEqual(Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== undefined)));
  });
});
