import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Contract, greenfieldContract } from './greenfield-contract.ts';

// The test BTCPay store's door (ADR 044): every request is checked as BTCPay checks it (the API
// key, the route in its Greenfield definition, the key's permissions, the body against the
// definition: 422 with its problems) before the store's `handle` answers, and every answer is
// checked against the same definition (a 500 and an entry in `invalid` when it does not fit).
// Tests can make the next requests fail (503), answer late, or have an answer tampered with.

export type FakeRequest = { method: string; path: string; body: unknown; auth: string | undefined };
export type Answer = { status: number; body?: unknown };

export const problem = (code: string, message: string) => ({ code, message });
export const missing = (permission: string) => ({
  code: 'missing-permission',
  message: `Insufficient API Permissions. Please use an API key with permission "${permission}".`,
  missingPermission: permission,
});

export async function greenfieldServer(opts: {
  apiKey: string;
  permissions: Set<string>;
  handle: (method: string, url: URL, body: unknown) => Answer;
}) {
  const contract: Contract = greenfieldContract();
  const { permissions, handle } = opts;
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  let failNext = 0;
  // The next request that matches is done, then answered `ms` late (after the client gave up).
  let slowWhen: ((method: string, path: string) => boolean) | null = null;
  let slowMs = 0;
  // A test may change an answer before it is checked (to see a wrong one refused).
  let tamper: ((path: string, body: unknown) => unknown) | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({ method, path: url.pathname + url.search, body, auth: req.headers.authorization });
      const send = (status: number, out?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(out === undefined ? '' : JSON.stringify(out));
      };
      if (req.headers.authorization !== `token ${opts.apiKey}`)
        return send(
          401,
          problem('unauthenticated', 'Authentication is required for accessing this endpoint'),
        );
      if (!contract.route(method, url.pathname)) {
        invalid.push(`${method} ${url.pathname}: not in BTCPay's Greenfield API`);
        return send(404);
      }
      const needs = contract.permissions(method, url.pathname);
      if (needs.length && !needs.some((n) => permissions.has(n))) return send(403, missing(needs[0]));
      const problems = contract.request(method, url.pathname, body);
      if (problems.length) {
        invalid.push(`${method} ${url.pathname}: ${problems.join('; ')}`);
        return send(
          422,
          problems.map((m) => ({ path: m.split(' ')[0], message: m })),
        );
      }
      if (failNext > 0) {
        failNext -= 1;
        return send(503);
      }
      const answer = handle(method, url, body);
      let out = answer.body;
      if (tamper && out !== undefined) out = tamper(url.pathname, structuredClone(out));
      const wrong = out === undefined ? [] : contract.response(method, url.pathname, answer.status, out);
      if (wrong.length) {
        invalid.push(`answer to ${method} ${url.pathname}: ${wrong.join('; ')}`);
        return send(500, problem('fake-answer-invalid', wrong.join('; ')));
      }
      if (slowWhen?.(method, url.pathname)) {
        slowWhen = null;
        setTimeout(() => send(answer.status, out), slowMs);
        return;
      }
      send(answer.status, out);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    invalid,
    failNext: (n: number) => {
      failNext = n;
    },
    slow: (when: (method: string, path: string) => boolean, ms: number) => {
      slowWhen = when;
      slowMs = ms;
    },
    tamper: (fn: ((path: string, body: unknown) => unknown) | null) => {
      tamper = fn;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
