import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './browse-filters.ts';
import { filtersToParams } from './listings.ts';

describe('the browse page address', () => {
  it('reads every filter back as it was written', () => {
    const f = {
      type: 'rental' as const,
      location: 'Portland, OR',
      q: 'tomatoes',
      near: 'Eugene, OR',
      radiusKm: 100,
      available: '2030-06-15',
      minPrice: 20,
      maxPrice: 90,
      minSize: 200,
      amenities: ['Water access', 'Fenced'],
      sort: 'price_asc' as const,
    };
    const params = filtersToParams(f);
    expect(params.toString()).toBe(
      'type=rental&location=Portland%2C+OR&q=tomatoes&near=Eugene%2C+OR&radiusKm=100&available=2030-06-15&minPrice=20&maxPrice=90&minSize=200&amenities=Water+access%2CFenced&sort=price_asc',
    );
    expect(filtersFromParams(params)).toEqual(f);
  });

  it('reads what a plain form sends: one amenities parameter per box, empty fields as none (ADR 051)', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'location=&q=&type=&near=Seatle&radiusKm=25&minPrice=&maxPrice=&minSize=&available=&sort=&amenities=Water+access&amenities=Fenced',
      ),
    );
    expect(f).toEqual({ near: 'Seatle', radiusKm: 25, amenities: ['Water access', 'Fenced'] });
  });

  it('drops what the server would refuse, so an edited address still shows listings', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'type=castle&minPrice=abc&maxPrice=-4&minSize=1.5&available=2030-13&sort=distance&amenities=,%20,fenced,FENCED&radiusKm=9',
      ),
    );
    expect(f).toEqual({ amenities: ['fenced'] });
    expect(filtersFromParams(new URLSearchParams('minPrice=90&maxPrice=20'))).toEqual({ maxPrice: 20 });
    expect(filtersFromParams(new URLSearchParams('sort=cheapest'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams(''))).toEqual({});
  });
});
