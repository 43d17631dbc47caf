import { expect, test } from './fixtures.ts';
import {
  ADDRESS,
  admin,
  failUntilStuck,
  fitsWidth,
  JOBS_MS,
  latestEarning,
  outcome,
  paid,
  payoutsIn,
  payoutsServerForSpec,
  rentalOf,
  shots,
  signedIn,
} from './payouts-kit.ts';

// The money loop in a browser (ADR 032): a host is paid once, with proof, after the hold and their
// payout details; an operator handles the payouts that failed. Steps and server: payouts-kit.ts.
payoutsServerForSpec();

test('a host is paid once, after the hold and after adding payout details, and sees the proof on Earnings', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await signedIn(browser, 1280, 900);
  const listing = await rentalOf(host, `Payout beds ${Date.now().toString(36)}`, 120);
  const grower = await signedIn(browser, 375, 812);
  await grower.page.goto(`/listings/${listing}`);
  await grower.page.getByRole('button', { name: 'Pay with Crypto ($120.00 + 6% fee)' }).click();
  await grower.page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await grower.page.getByRole('button', { name: 'Pay now' }).click();
  await grower.page.waitForURL((u) => u.pathname === '/payment/success');

  // The hold ends within seconds; the next job run creates the payout: it waits for details.
  const page = host.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await latestEarning(page, /Waiting for payout details/);
  await expect(page.getByText('Add your payout details below: payouts wait for them.')).toBeVisible();
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots('payouts-waiting-375'), fullPage: true });

  // The host adds a Bitcoin address with their password; the next run sends the payout.
  await page.getByLabel('Bitcoin address', { exact: true }).fill(ADDRESS);
  await page.getByLabel('Current password').fill(host.u.password);
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByText('Payout details saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payout-method')).toContainText(ADDRESS);
  await latestEarning(page, /In progress/);

  // The store's operator pays it on the sandbox payout page; BTCPay's webhook brings the proof.
  const [sent] = await payoutsIn(await admin(browser), host.id, 'in_progress', 1);
  await outcome(grower.page, sent.providerPayoutId, 'Pay it now', 'Completed');
  await latestEarning(page, /Paid/);
  const row = page.getByTestId('earning').first();
  await expect(row).toContainText('$120.00');
  await expect(row).toContainText('$7.20');
  await expect(row.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots('payouts-paid-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('payouts-paid-1280'), fullPage: true });

  // Exactly one payout, and one "payout sent".
  const earnings = await (await page.request.get('/api/users/me/payouts')).json();
  expect(earnings.items).toHaveLength(1);
  expect(earnings.items[0]).toMatchObject({ state: 'paid', amountCents: 12_000, proofType: 'txid' });
  const notes = await (await page.request.get('/api/notifications')).json();
  const items = (notes.items ?? notes) as { kind: string; title: string }[];
  expect(items.filter((n) => n.kind === 'payout_sent').map((n) => n.title)).toEqual(['Payout sent: $120.00']);
  const csv = await page.request.get('/api/users/me/payouts.csv');
  expect(await csv.text()).toContain(',paid,120.00,7.20,');
  await host.context.close();
  await grower.context.close();
});

test('payments due to a host together go out as one payout, and Earnings says which bookings it covered', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await signedIn(browser, 375, 812);
  const grower = await signedIn(browser, 1280, 900);
  for (const price of [104, 105])
    await paid(grower, await rentalOf(host, `Shared beds at $${price}`, price), price);
  // No payout details yet: both wait for them, then go out together once the host adds them.
  const waiting = async () =>
    (
      (await (await host.page.request.get('/api/users/me/payouts')).json()).items as { state: string }[]
    ).filter((i) => i.state === 'waiting_for_details').length;
  await expect.poll(waiting, { timeout: JOBS_MS, intervals: [1_000] }).toBe(2);
  const method = await host.page.request.put('/api/users/me/payout-method', {
    data: { type: 'bitcoin', destination: ADDRESS, password: host.u.password },
  });
  expect(method.status(), await method.text()).toBe(200);
  const sent = await payoutsIn(await admin(browser), host.id, 'in_progress', 2);
  expect(sent[0].providerPayoutId).toBe(sent[1].providerPayoutId);
  await outcome(grower.page, sent[0].providerPayoutId, 'Pay it now', 'Completed');

  const page = host.page;
  await latestEarning(page, /Paid/);
  const lines = page.getByTestId('payout-batch');
  await expect(lines).toHaveCount(2);
  for (const line of await lines.all()) await expect(line).toContainText('$209.00 (2 bookings)');
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots('earnings-one-payout-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('earnings-one-payout-1280'), fullPage: true });
  const notes = await (await page.request.get('/api/notifications')).json();
  const items = (notes.items ?? notes) as { kind: string; title: string }[];
  expect(items.filter((n) => n.kind === 'payout_sent').map((n) => n.title)).toEqual(['Payout sent: $209.00']);
  await host.context.close();
  await grower.context.close();
});

test('an operator sees stuck payouts, fees and what hosts are owed; retries, cancels and records one paid by hand, each in the audit log', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await signedIn(browser, 1280, 900);
  const method = await host.page.request.put('/api/users/me/payout-method', {
    data: { type: 'bitcoin', destination: ADDRESS, password: host.u.password },
  });
  expect(method.status(), await method.text()).toBe(200);
  const grower = await signedIn(browser, 1280, 900);
  for (const price of [101, 102, 103])
    await paid(grower, await rentalOf(host, `Beds at $${price}`, price), price);

  // Sent to the sandbox store, whose payout processor fails each of them: stuck, for an operator.
  const operator = await admin(browser);
  const page = operator.page;
  await failUntilStuck(operator, page, host.id, 3);

  await page.goto('/admin/payouts');
  const rows = page.getByTestId('admin-payout').filter({ hasText: host.u.name });
  await expect(rows).toHaveCount(3);
  for (const r of await rows.all()) {
    await expect(r).toContainText('Stuck: failed');
    await expect(r).toContainText('The provider cancelled the payout');
  }
  const figure = (label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd');
  await expect(figure('Owed to hosts')).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  await expect(figure('In flight or stuck')).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  // This month, named as the console names months (ADR 059).
  const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(figure('Fees earned per month')).toContainText(month);
  await page.screenshot({ path: shots('admin-payouts-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots('admin-payouts-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each decision asks for a reason (and paid by hand for the reference of the payment made).
  const decide = async (
    amount: string,
    button: string,
    confirm: string,
    reason: string,
    reference?: string,
  ) => {
    await rows.filter({ hasText: amount }).getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
    if (reference) await dialog.getByLabel('Transaction id or reference').fill(reference);
    await dialog.getByRole('button', { name: confirm }).click();
    await expect(dialog).toBeHidden();
  };
  await decide('$101.00', 'Retry', 'Retry payout', 'The processor has funds again');
  await expect(rows.filter({ hasText: '$101.00' })).toContainText('In progress');
  await decide('$102.00', 'Cancel', 'Cancel payout', 'The host asked to be paid another way');
  await decide(
    '$103.00',
    'Paid by hand',
    'Record as paid',
    'Sent from the cold wallet',
    'e2e'.padEnd(64, 'a'),
  );
  await expect(rows).toHaveCount(1);

  await page.goto('/admin/audit');
  for (const reason of [
    'The processor has funds again',
    'The host asked to be paid another way',
    'Sent from the cold wallet',
  ])
    await expect(page.getByTestId('audit-entry').filter({ hasText: reason })).toHaveCount(1);
  const earnings = await (await host.page.request.get('/api/users/me/payouts')).json();
  const states = (earnings.items as { amountCents: number; state: string }[]).map((e) => [
    e.amountCents,
    e.state,
  ]);
  expect(states.sort()).toEqual([
    [10_100, 'in_progress'],
    [10_200, 'cancelled'],
    [10_300, 'paid'],
  ]);
  await host.context.close();
  await grower.context.close();
});
