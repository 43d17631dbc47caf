import { describe, expect, it } from 'vitest';
import { demoPlan, toldLayout } from './seed-demo.ts';

// Demo photos match what their listing says (issue 33): a listing that names raised beds, a
// greenhouse, an orchard or rows leads with a photo of that.
describe('demo photos', () => {
  it('lead with the layout the listing names', () => {
    const { listings } = demoPlan(new Date('2026-06-01T00:00:00Z'));
    let named = 0;
    for (const l of listings) {
      const told = toldLayout(l);
      if (!told) continue;
      named += 1;
      expect(l.photos[0].layout, l.title).toBe(told);
    }
    expect(named).toBeGreaterThan(10);
    const beds = listings.find((l) => /raised beds/i.test(l.title));
    expect(beds?.photos[0].layout).toBe('beds');
    expect(toldLayout({ title: 'Heated greenhouse bench in Ballard', blurb: '' })).toBe('greenhouse');
  });
});
