import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { formatUsd } from '#shared/money.ts';
import { type PayoutData, REFERENCE_KEY, readProof } from './providers/greenfield-payouts.ts';
import type { SandboxPayout } from './sandbox-payout-processor.ts';
import { btc, isPaid, paidCents, RATE, SANDBOX_BASE, type SandboxInvoice } from './sandbox-store.ts';

// The sandbox's hosted pages: plain HTML, no script, marked as a test mode.

export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#fbfaf6;color:#1f2a1f;line-height:1.5}
.banner{background:#8a5a2b;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:600;font-size:.95rem}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2ddcf;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.35rem;margin:0 0 .25rem}.muted{color:#55604f;font-size:.9rem;margin:0}
.total{font-size:2rem;font-weight:700;margin:1rem 0 .25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0;font-size:.9rem}
dt{color:#55604f}dd{margin:0;text-align:right;word-break:break-all}
.status{display:inline-block;border-radius:999px;padding:.15rem .7rem;font-size:.8rem;font-weight:600;background:#e8f1e2;color:#1f4a27}
.status.bad{background:#fde8e6;color:#8c1d13}
form{margin:0}.actions{display:grid;gap:.6rem;margin-top:1.25rem}
button,.btn{display:block;width:100%;min-height:2.75rem;border-radius:.75rem;border:1px solid #d6d0c0;background:#fff;color:#1f2a1f;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:.6rem 1rem}
button.primary,.btn.primary{background:#2f6b3a;border-color:#2f6b3a;color:#fff}button:focus-visible,.btn:focus-visible{outline:2px solid #3f8a4c;outline-offset:2px}
details{margin-top:1.25rem;font-size:.9rem}summary{cursor:pointer;color:#55604f}details .actions{margin-top:.75rem}
.note{font-size:.85rem;color:#55604f;margin-top:1rem}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${esc(title)} | Yardshare sandbox</title><style>${STYLE}</style></head><body><div class="banner" role="note">TEST MODE: sandbox checkout. No real money is charged.</div><main>${body}</main></body></html>`;
}

export function checkoutPage(inv: SandboxInvoice): string {
  const total = formatUsd(inv.amountCents);
  const paid = isPaid(inv);
  const expired = !paid && (inv.status === 'Expired' || inv.status === 'Invalid');
  const received = paidCents(inv);
  const statusText = paid
    ? `${inv.status === 'Expired' ? 'Paid after expiry' : 'Paid'}${inv.refunds.length ? ', refund issued' : ''}`
    : expired
      ? 'Expired'
      : inv.status === 'Processing'
        ? 'Paid, awaiting confirmation'
        : received > 0
          ? `Partially paid: ${formatUsd(received)} of ${total}`
          : 'Awaiting payment';
  const action = (name: string, label: string, primary = false) =>
    `<form method="post" action="${SANDBOX_BASE}/i/${esc(inv.id)}/${name}"><input type="hidden" name="action" value="${name}"><button type="submit"${primary ? ' class="primary"' : ''}>${esc(label)}</button></form>`;
  const actions = paid
    ? `<div class="actions"><a class="btn primary" href="${esc(safeReturnPath(inv.redirectUrl))}">Return to Yardshare</a></div>`
    : `<div class="actions">${action('pay', expired ? 'Pay now (late payment)' : 'Pay now', true)}${action('cancel', 'Cancel')}</div>
       <details><summary>More test outcomes</summary><div class="actions">${expired || received > 0 ? '' : action('underpay', 'Pay only half (underpayment)')}${expired ? '' : action('expire', 'Let the invoice expire')}</div>
       <p class="note">Each outcome sends the signed webhooks BTCPay Server would send.</p></details>`;
  return page(
    'Checkout',
    `<div class="card"><p class="muted">Yardshare (sandbox store)</p><h1>${esc(inv.metadata.itemDesc ?? 'Rental payment')}</h1>
     <p class="total">${total} <span class="muted">${esc(inv.currency)}</span></p>
     <p><span class="status${expired ? ' bad' : ''}" role="status">${esc(statusText)}</span></p>
     <dl><dt>Invoice</dt><dd>${esc(inv.id)}</dd><dt>Pay in</dt><dd>${btc(inv.amountCents)} BTC (test rate $${RATE})</dd></dl>
     ${actions}
     <p class="note">This page stands in for the crypto payment page. Paying here moves no money.</p></div>`,
  );
}

export const refundPage = (pp: { amount: string; currency: string }) =>
  page(
    'Refund',
    `<div class="card"><h1>Test refund</h1><p class="total">$${esc(pp.amount)} <span class="muted">${esc(pp.currency)}</span></p><p class="muted">In test mode no money moves. A real BTCPay Server lets the renter claim this refund to their own wallet here.</p></div>`,
  );

export const messagePage = (title: string, text = '') =>
  page(
    title,
    `<div class="card"><h1>${esc(title)}</h1>${text ? `<p class="muted">${esc(text)}</p>` : ''}</div>`,
  );

// Only our own outcome pages: the sandbox never redirects elsewhere.
export function safeReturnPath(url: string, fallback = '/payment/success'): string {
  try {
    const u = new URL(url, 'http://sandbox.invalid');
    return u.pathname.startsWith('/payment/') ? u.pathname + u.search : fallback;
  } catch {
    return fallback;
  }
}

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

// The made-up proof of a payout the sandbox's processor (or its page) pays.
// The proof as BTCPay's payout processors store it: PascalCase, since Newtonsoft serializes the
// proof objects without a camelCase resolver (PayoutTransactionOnChainBlob.cs, PayoutLightningBlob.cs).
export const proofFor = (p: SandboxPayout): PayoutData['paymentProof'] => {
  if (p.payoutMethodId === 'BTC-LN') {
    const preimage = randomBytes(32);
    const hash = createHash('sha256').update(preimage).digest('hex');
    return {
      PaymentHash: hash,
      ProofType: 'PayoutLightningBlob',
      Link: null,
      Id: hash,
      Preimage: preimage.toString('hex'),
    };
  }
  const txid = createHash('sha256').update(`sandbox:${p.id}`).digest('hex');
  return {
    TransactionId: txid,
    Candidates: [txid],
    ProofType: 'PayoutTransactionOnChainBlob',
    Accounted: true,
  };
};

// A sandbox payout and the outcomes a tester may choose while it is open.
export function payoutPage(p: SandboxPayout): string {
  const open = p.state === 'AwaitingPayment' || p.state === 'AwaitingApproval' || p.state === 'InProgress';
  const action = (name: string, label: string, primary = false) =>
    `<form method="post" action="${SANDBOX_BASE}/payouts/${esc(p.id)}/${name}"><input type="hidden" name="action" value="${name}"><button type="submit"${primary ? ' class="primary"' : ''}>${esc(label)}</button></form>`;
  const proof = readProof(p.payoutMethodId, p.paymentProof)?.value ?? '';
  return page(
    'Payout',
    `<div class="card"><p class="muted">Yardshare (sandbox store): payout</p><h1>${esc(formatUsd(p.amountCents))} to the host</h1>
     <p><span class="status${p.state === 'Cancelled' ? ' bad' : ''}" role="status">${esc(p.state)}</span></p>${p.failure ? `<p class="note">${esc(p.failure)}</p>` : ''}
     <dl><dt>Payout</dt><dd>${esc(p.id)}</dd><dt>Method</dt><dd>${esc(p.payoutMethodId)}</dd><dt>Destination</dt><dd>${esc(p.destination)}</dd><dt>Reference</dt><dd>${esc(p.metadata?.[REFERENCE_KEY])}</dd>${proof ? `<dt>Proof</dt><dd>${esc(proof)}</dd>` : ''}</dl>
     ${open ? `<div class="actions">${action('complete', 'Pay it now', true)}</div><details><summary>More test outcomes</summary><div class="actions">${action('cancel', 'Cancel the payout')}${action('fail', 'Fail the payout')}</div><p class="note">The sandbox's payout processor, when automated, pays approved payouts within a minute. A failed payout is cancelled by the processor, as BTCPay Server does. Each outcome sends the signed webhook BTCPay Server would send.</p></details>` : ''}</div>`,
  );
}
