import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '#client/testing/render.tsx';
import type { StayQuote } from '#shared/stay-quote.ts';
import { PriceBreakdown } from './price-breakdown.tsx';

const quote = {
  pricePerMonth: 12000,
  months: 3,
  amount: 36000,
  fee: 2160,
  feePercent: 6,
  total: 38160,
} as unknown as StayQuote;

describe('PriceBreakdown', () => {
  it('shows the quoted rent, fee and total, doing no arithmetic of its own', async () => {
    await renderAt(<PriceBreakdown quote={{ ...quote, total: 99999 }} />);
    expect(screen.getByText('Service fee (6%)')).toBeTruthy();
    // The total is the server's figure, even where it is not rent + fee.
    expect(screen.getByTestId('booking-total').textContent).toBe('$999.99');
  });

  it('shows nothing for a stay without a price', async () => {
    const { container } = await renderAt(<PriceBreakdown quote={{ ...quote, total: null }} />);
    expect(container.querySelector('dl')).toBeNull();
  });

  it('speaks the visitor language', async () => {
    await renderAt(<PriceBreakdown quote={quote} />, { locale: 'de' });
    expect(screen.getByText(/Servicegebühr|Gebühr/)).toBeTruthy();
  });
});
