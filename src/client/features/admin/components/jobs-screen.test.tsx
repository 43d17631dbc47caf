import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToasts } from '#client/lib/toast-store.ts';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { AdminJobs } from '#shared/admin-jobs.ts';
import { JobsScreen } from './jobs-screen.tsx';

configure({ asyncUtilTimeout: 5000 });

// The console's Jobs screen (issue 62): each kind's figures as the server counts them, the failed
// and dead jobs with their message, and Retry with a toast that says how it went.
const dead = {
  id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  kind: 'mail.outbox',
  state: 'dead' as const,
  error: 'SMTP refused the connection',
  tries: 3,
  failedAt: '2027-03-01T10:00:00.000Z',
};
const failed = {
  ...dead,
  id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  kind: 'payouts.send',
  state: 'failed' as const,
};
const jobs: AdminJobs = {
  kinds: [
    { name: 'mail.outbox', waiting: 2, active: 1, failed: 4, dead: 1, oldestWaitingSeconds: 125 },
    { name: 'payouts.send', waiting: 0, active: 0, failed: 1, dead: 0, oldestWaitingSeconds: null },
  ],
  jobs: [dead, failed],
};

function setup(retry: { status?: number; body: unknown }, answer: AdminJobs = jobs) {
  const calls: string[] = [];
  stubApi((method, url) => {
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/api/admin/jobs') return { body: answer };
    if (method === 'POST') return retry;
    return undefined;
  });
  return calls;
}

describe('JobsScreen', () => {
  it("shows each kind's figures and the failed and dead jobs with their message", async () => {
    setup({ body: {} });
    await renderAt(<JobsScreen />, { groups: ['shell', 'app', 'admin'] });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /mail\.outbox/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '4', '1', '2 min']);
    const items = screen.getAllByTestId('admin-failed-job');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Dead letter');
    expect(items[0].textContent).toContain('SMTP refused the connection');
    expect(items[0].textContent).toContain('Retries: 3');
    expect(items[1].textContent).toContain('Failed');
  });

  it('retries a job and says so in a toast', async () => {
    const audit = {
      id: 9,
      actor: { id: 1, username: 'ada', name: 'Ada Admin' },
      action: 'job_retry',
      subjectType: 'job',
      subjectId: 0,
      reason: 'Retried mail.outbox from the console',
      details: { kind: 'mail.outbox', jobId: dead.id, from: 'dead' },
      createdAt: '2027-03-01T10:05:00.000Z',
    };
    const calls = setup({ body: { message: 'The job is back in its queue', audit } });
    await renderAt(<JobsScreen />, { groups: ['shell', 'app', 'admin'] });
    const [first] = await screen.findAllByTestId('admin-failed-job');
    await userEvent.click(within(first).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Job sent back to its queue'));
    expect(calls).toContain(`POST /api/admin/jobs/mail.outbox/${dead.id}/retry`);
  });

  it('tells a refused retry in a toast with the reason', async () => {
    setup({
      status: 409,
      body: {
        message: 'This job is no longer failed or dead: it was retried already.',
        code: 'JOB_NOT_FAILED',
      },
    });
    await renderAt(<JobsScreen />, { groups: ['shell', 'app', 'admin'] });
    const [, second] = await screen.findAllByTestId('admin-failed-job');
    await userEvent.click(within(second).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('The job could not be retried'));
    expect(getToasts()[0]?.description).toBe('This job is no longer failed or dead: it was retried already.');
  });

  it('says when nothing failed', async () => {
    setup({ body: {} }, { kinds: jobs.kinds, jobs: [] });
    await renderAt(<JobsScreen />, { groups: ['shell', 'app', 'admin'] });
    expect(await screen.findByText('No failed or dead jobs. All is well.')).toBeTruthy();
  });
});
