import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { adminPayoutsSchema } from '#shared/payouts.ts';
import { PayoutsScreen } from './payouts-screen.tsx';

configure({ asyncUtilTimeout: 5000 });

// The console's payouts (ADR 032): the fees of every month the server reads from the ledger (its
// last 12), none left out (ADR 059).
const months = Array.from({ length: 12 }, (_, i) => {
  const m = 12 - i;
  return { month: `2026-${String(m).padStart(2, '0')}`, cents: m * 1000 + 20 };
});
const payouts: z.infer<typeof adminPayoutsSchema> = {
  items: [],
  feesByMonth: months,
  owedToHostsCents: 0,
  inFlightCents: 0,
  unbalancedPayments: 0,
};

describe('PayoutsScreen', () => {
  it('lists the fees of all twelve months the ledger has, newest first', async () => {
    stubApi((method, url) =>
      method === 'GET' && url.pathname === '/api/admin/payouts' ? { body: payouts } : undefined,
    );
    await renderAt(<PayoutsScreen />, { groups: ['shell', 'app', 'admin'] });
    const fees = await screen.findByTestId('fees-by-month');
    const rows = within(fees).getAllByRole('listitem');
    expect(rows).toHaveLength(12);
    expect(rows[0].textContent).toBe('December 2026$120.20');
    expect(rows[11].textContent).toBe('January 2026$10.20');
  });

  it('says the month in the reader’s language', async () => {
    stubApi((method, url) =>
      method === 'GET' && url.pathname === '/api/admin/payouts' ? { body: payouts } : undefined,
    );
    await renderAt(<PayoutsScreen />, { groups: ['shell', 'app', 'admin'], locale: 'de' });
    const fees = await screen.findByTestId('fees-by-month');
    const rows = within(fees).getAllByRole('listitem');
    expect(rows).toHaveLength(12);
    expect(rows[2].textContent).toMatch(/^Oktober 2026/);
  });
});
