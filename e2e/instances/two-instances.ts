// Two app instances on one PostgreSQL database behind Debian's nginx as the load balancer (ADR 026):
// what one instance does, the other sees. Runs the built server (npm run build first) with
// node --test; npm test runs it as the "instances" suite. Needs TEST_DATABASE_URL (an admin URL;
// a database is made for the run and dropped after) and nginx on the PATH or in /usr/sbin.
// INSTANCES_PORT (default 3260) is the balancer's port; the instances listen on the next two.
// INSTANCES_SERVER names another built server (default dist/server/main.js).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../../src/server/plugins/auth.ts';
import { eventsOf, openSse, type SseClient } from '../../src/server/testing/sse-client.ts';
import { waitUntil } from '../../src/server/testing/wait.ts';
import { balancerConf, nginxBinary } from '../nginx.ts';
import { serverEnv } from '../ops/servers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.resolve(root, process.env.INSTANCES_SERVER ?? 'dist/server/main.js');
const adminUrl = process.env.TEST_DATABASE_URL;
const base = Number(process.env.INSTANCES_PORT ?? 3260);
const ports = { lb: base, a: base + 1, b: base + 2 };
const LB = `http://127.0.0.1:${ports.lb}`;
const A = `http://127.0.0.1:${ports.a}`;
const B = `http://127.0.0.1:${ports.b}`;
const LOGIN_MAX_FAILURES = 6;
const REGISTER_MAX_PER_HOUR = 5;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-instances-'));
const dbName = `ys_instances_${process.pid}`;
const children: { name: string; proc: ChildProcess; log: string }[] = [];
let dbUrl = '';
let db: pg.Client;
const streams: SseClient[] = [];

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const log = path.join(work, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const proc = spawn(cmd, args, { cwd: work, env, stdio: ['ignore', out, out] });
  children.push({ name, proc, log });
  return proc;
}

async function waitFor(url: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    for (const c of children)
      if (c.proc.exitCode !== null)
        throw new Error(
          `${c.name} exited with ${c.proc.exitCode}:\n${fs.readFileSync(c.log, 'utf8').slice(-3000)}`,
        );
    if (Date.now() > until) throw new Error(`${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Links and the CSRF check use the balancer's address; the client address is the one nginx saw.
const instanceEnv = (port: number): NodeJS.ProcessEnv => ({
  ...serverEnv(port, path.join(work, `data-${port}`), dbUrl),
  PUBLIC_URL: LB,
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
  REGISTER_MAX_PER_HOUR: String(REGISTER_MAX_PER_HOUR),
});

const nginxConf = () =>
  balancerConf({
    work,
    listen: ports.lb,
    upstreams: [ports.a, ports.b],
    workerConnections: 256,
    http: ['client_max_body_size 60m;'],
    proxy: ['proxy_set_header X-Forwarded-Proto $scheme;'],
  });

type Session = { id: number; cookie: string; username: string; password: string };

const cookieOf = (res: Response) => {
  const c = res.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(c, `no session cookie (${res.status})`);
  return c.split(';')[0];
};

async function call(url: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(url, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: 'manual',
  });
}

let n = 0;
async function register(on: string, headers: Record<string, string> = {}) {
  n += 1;
  const username = `inst${process.pid % 10_000}u${n}`;
  const password = 'a-long-and-unusual-passphrase-42';
  const res = await call(`${on}/api/register`, {
    method: 'POST',
    headers,
    json: { username, email: `${username}@example.com`, password, name: `Instance User ${n}` },
  });
  return { res, username, password };
}
async function registerOk(on: string): Promise<Session> {
  const { res, username, password } = await register(on);
  assert.equal(res.status, 201, await res.clone().text());
  return { id: (await res.json()).id, cookie: cookieOf(res), username, password };
}

before(
  async () => {
    assert.ok(adminUrl, 'TEST_DATABASE_URL is not set: the two-instance test needs PostgreSQL');
    assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
    const nginx = nginxBinary();
    for (const [name, port] of Object.entries(ports))
      assert.ok(await portFree(port), `port ${port} (${name}) is in use; set INSTANCES_PORT`);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    // Both at once: one migrates while the other waits on the migration lock.
    start('instance-a', process.execPath, [mainJs], instanceEnv(ports.a));
    start('instance-b', process.execPath, [mainJs], instanceEnv(ports.b));
    const conf = path.join(work, 'nginx.conf');
    fs.writeFileSync(conf, nginxConf());
    start('nginx', nginx, ['-c', conf, '-e', path.join(work, 'nginx-error.log'), '-g', 'daemon off;'], {
      PATH: process.env.PATH,
    });
    await Promise.all([waitFor(`${A}/api/health`), waitFor(`${B}/api/health`), waitFor(`${LB}/api/health`)]);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  },
  { timeout: 150_000 },
);

after(
  async () => {
    for (const s of streams) s.close();
    await db?.end().catch(() => {});
    const failed = process.exitCode && process.exitCode !== 0;
    for (const c of [...children].reverse()) {
      if (c.proc.exitCode === null) {
        const exited = new Promise((r) => c.proc.once('exit', r));
        c.proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
      }
      if (failed) console.log(`--- ${c.name} log\n${fs.readFileSync(c.log, 'utf8').slice(-2000)}`);
    }
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  },
  { timeout: 60_000 },
);

// Bounded, so a stuck instance fails the run instead of hanging it.
describe('two instances behind nginx on one PostgreSQL', { timeout: 180_000 }, () => {
  let host: Session;
  let grower: Session;
  let image: string;

  it('the balancer sends requests to both instances in turn', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${LB}/api/health`);
      assert.equal(res.status, 200);
      seen.add(res.headers.get('x-upstream') ?? '');
    }
    assert.deepEqual([...seen].sort(), [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`]);
  });

  it('ran the scheduled work at start, never twice at once across the instances', async () => {
    // Each instance sends every scheduled kind once as it starts (ADR 054): wait until every kind
    // has finished a run, then check that no two runs of one kind overlapped.
    type Run = { name: string; started: number; completed: number };
    const runs = await waitUntil(
      async () => {
        const { rows } = await db.query<Run>(
          `select name, extract(epoch from started_on)::float8 as started,
             extract(epoch from completed_on)::float8 as completed from pgboss.job
           where state = 'completed' and name not like '%.dead' order by name, started_on`,
        );
        const kinds = new Set(rows.map((r) => r.name));
        return kinds.size >= 6 ? rows : null;
      },
      { what: 'every scheduled job to have finished its first run' },
    );
    for (let i = 1; i < runs.length; i++) {
      const [a, b] = [runs[i - 1], runs[i]];
      if (a.name === b.name) assert.ok(b.started >= a.completed, `${a.name} ran twice at once`);
    }
  });

  it('signs in through one instance and uses the session on the other', async () => {
    host = await registerOk(A);
    grower = await registerOk(B);
    const login = await call(`${A}/api/login`, {
      method: 'POST',
      json: { username: host.username, password: host.password },
    });
    assert.equal(login.status, 200);
    const cookie = cookieOf(login);
    const me = await call(`${B}/api/user`, { cookie });
    assert.equal(me.status, 200);
    assert.equal((await me.json()).username, host.username);
    // Through the balancer, whichever instance answers.
    for (let i = 0; i < 2; i++) assert.equal((await call(`${LB}/api/user`, { cookie })).status, 200);
    // Signing out on one ends the session on both.
    assert.equal((await call(`${B}/api/logout`, { method: 'POST', cookie })).status, 200);
    assert.equal((await call(`${A}/api/user`, { cookie })).status, 401);
    assert.equal((await call(`${A}/api/user`, { cookie: host.cookie })).status, 200);
  });

  it('serves an image uploaded through one instance from the other, byte for byte', async () => {
    // Large enough for a listing (640 px on its shorter side, ADR 038): the checkout test attaches it.
    const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: '#4a7a3a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'garden.png');
    const up = await call(`${A}/api/upload`, { method: 'POST', cookie: host.cookie, body: form });
    assert.equal(up.status, 200, await up.clone().text());
    [image] = await up.json();
    const fromA = await fetch(`${A}${image}`);
    const fromB = await fetch(`${B}${image}`);
    assert.equal(fromB.status, 200);
    const bytesA = Buffer.from(await fromA.arrayBuffer());
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    assert.ok(bytesA.equals(bytesB));
    assert.equal((await sharp(bytesB).metadata()).format, 'webp');
    for (const h of ['content-type', 'cache-control', 'etag'])
      assert.equal(fromB.headers.get(h), fromA.headers.get(h), h);
    assert.equal(fromB.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const etag = fromB.headers.get('etag')!;
    for (const on of [A, B, LB, LB])
      assert.equal((await fetch(`${on}${image}`, { headers: { 'if-none-match': etag } })).status, 304);
    // Stored in the database, not on either instance's disk.
    for (const port of [ports.a, ports.b]) {
      const dir = path.join(work, `data-${port}`, 'uploads');
      assert.deepEqual(fs.existsSync(dir) ? fs.readdirSync(dir) : [], []);
    }
  });

  it('delivers a message sent through one instance live to a stream held on the other', async () => {
    const onB = await openSse(`${B}/api/messages/stream`, host.cookie);
    const viaLb = await openSse(`${LB}/api/messages/stream`, host.cookie);
    streams.push(onB, viaLb);
    assert.equal(onB.status, 200);
    assert.equal(viaLb.status, 200);
    await onB.waitFor((e) => e.some((x) => x.event === 'ready'));
    await viaLb.waitFor((e) => e.some((x) => x.event === 'ready'));
    const content = `Hello from instance A ${Date.now()}`;
    const sent = await call(`${A}/api/messages`, {
      method: 'POST',
      cookie: grower.cookie,
      json: { toUserId: host.id, content },
    });
    assert.equal(sent.status, 201, await sent.clone().text());
    const arrived = (e: typeof onB.events) =>
      eventsOf<{ message: { content: string } } & { content?: string }>(e, 'message').some(
        (m) => (m.message?.content ?? m.content) === content,
      );
    await onB.waitFor(arrived);
    await viaLb.waitFor(arrived);
  });

  it('counts failed logins across both instances', async () => {
    const spare = await registerOk(LB);
    const attempt = (on: string, password = 'wrong-password-123') =>
      call(`${on}/api/login`, { method: 'POST', json: { username: spare.username, password } });
    // From one address, a browser that never signed in to the account may fail half of
    // LOGIN_MAX_FAILURES times (ADR 056), counted once across the instances.
    for (let i = 0; i < Math.ceil(LOGIN_MAX_FAILURES / 2); i++)
      assert.equal((await attempt(i % 2 ? B : A)).status, 401, `attempt ${i + 1}`);
    for (const on of [A, B, LB]) assert.equal((await attempt(on)).status, 429);
    assert.equal((await attempt(B, spare.password)).status, 429);
  });

  it('counts registrations per client address as nginx saw it, on both instances', async () => {
    // Three so far (host, grower, spare), so two more are allowed. A forged X-Forwarded-For does
    // not make a new address: nginx appends the real one, and the app trusts one hop.
    for (const forged of ['203.0.113.7', '203.0.113.8'])
      assert.equal((await register(LB, { 'x-forwarded-for': forged })).res.status, 201);
    const over = await register(LB, { 'x-forwarded-for': '198.51.100.9' });
    assert.equal(over.res.status, 429, 'through the balancer');
    // Straight to either instance (the balancer's own address: TRUST_PROXY trusts what it says).
    for (const on of [A, B]) assert.equal((await register(on)).res.status, 429, on);
  });

  it('completes a checkout made through one instance when the other handles the paid webhook', async () => {
    await db.query('update users set email_verified_at = now() where id = $1', [host.id]);
    const made = await call(`${B}/api/listings`, {
      method: 'POST',
      cookie: host.cookie,
      json: {
        type: 'rental',
        title: 'Two-instance test plot',
        description: 'Raised beds with water on site',
        price: 45,
        location: '12 Garden Way',
        city: 'Portland',
        state: 'OR',
        images: [image],
      },
    });
    assert.equal(made.status, 201, await made.clone().text());
    const listing = await made.json();
    assert.deepEqual(listing.images, [image]);

    const checkout = await call(`${A}/api/payments/create`, {
      method: 'POST',
      cookie: grower.cookie,
      json: { listingId: listing.id, amount: 4500 },
    });
    assert.equal(checkout.status, 200, await checkout.clone().text());
    const { hostedUrl } = await checkout.json();
    assert.ok(hostedUrl.startsWith(`${LB}/sandbox/btcpay/i/`), hostedUrl);
    const invoicePath = new URL(hostedUrl).pathname;
    const page = await fetch(`${B}${invoicePath}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Awaiting payment/);

    // Paying on instance B: its sandbox signs the webhooks and B's webhook endpoint handles them.
    const pay = await call(`${B}${invoicePath}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    assert.equal(pay.status, 303, await pay.clone().text());
    assert.match(pay.headers.get('location') ?? '', /^\/payment\/success\?booking=\d+$/);
    for (const [on, cookie, side] of [
      [A, grower.cookie, 'asRenter'],
      [B, host.cookie, 'asHost'],
    ] as const) {
      const list = await (await call(`${on}/api/payments`, { cookie })).json();
      const p = list[side].find((x: { listingId: number }) => x.listingId === listing.id);
      assert.equal(p?.status, 'completed', `${side} on ${on}`);
    }
    const { rows } = await db.query<{ type: string }>(
      'select type from payment_events where charge_id = $1 order by id',
      [invoicePath.split('/').pop()],
    );
    assert.ok(rows.some((r) => r.type === 'InvoiceSettled'));
  });
});
