// The real Prometheus (Debian's `prometheus`; .ci/run installs it) against the built server (ADRs
// 033 and 036): it scrapes /metrics with a bearer token every second, and the test reads request,
// job, outbox, marketplace and backup series back through Prometheus' HTTP API. A second scrape
// job without the token is refused (its `up` is 0), as is an anonymous request. The repository's
// alert rules pass `promtool check rules` and load into Prometheus without an evaluation error.
// npm test runs it as the "prometheus" suite; it uses OPS_PORT+5 (server) and OPS_PORT+6.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  mainJs,
  OPS_PORT,
  register,
  root,
  type Server,
  serverEnv,
  startServer,
  stopServer,
} from './servers.ts';

const RULES = path.join(root, 'deploy/prometheus/alerts.yml');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-prometheus-'));
const TOKEN = randomBytes(24).toString('hex');
const PROM = `http://127.0.0.1:${OPS_PORT + 6}`;
let server: Server | undefined;
let prom: ReturnType<typeof spawn> | undefined;

function binary(name: string): string {
  for (const p of [`/usr/bin/${name}`, `/usr/local/bin/${name}`]) if (fs.existsSync(p)) return p;
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error(`${name} is not installed (apt-get install -y prometheus)`);
}

after(async () => {
  if (prom && prom.exitCode === null) {
    const exited = new Promise((r) => prom!.once('exit', r));
    prom.kill('SIGTERM');
    await exited;
  }
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

// An instant query's result; waits (bounded) until it has at least one series.
async function query(
  q: string,
  ms = 60_000,
): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${PROM}/api/v1/query?query=${encodeURIComponent(q)}`).catch(() => null);
    if (res?.ok) {
      const body = (await res.json()) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.data.result.length) return body.data.result;
    }
    if (prom?.exitCode !== null)
      throw new Error(
        `prometheus exited:\n${fs.readFileSync(path.join(work, 'prometheus.log'), 'utf8').slice(-2000)}`,
      );
    if (Date.now() > until) throw new Error(`Prometheus has no series for ${q} after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

before(async () => {
  assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
  const prometheus = binary('prometheus');
  // Metrics from no address without the token (192.0.2.1 is a documentation address).
  const env = {
    ...serverEnv(OPS_PORT + 5, path.join(work, 'data')),
    METRICS_TOKEN: TOKEN,
    METRICS_ALLOW: '192.0.2.1',
    BACKUP_EVERY_HOURS: '24',
  };
  server = await startServer(env, path.join(work, 'server.log'));
  const target = `127.0.0.1:${OPS_PORT + 5}`;
  fs.writeFileSync(path.join(work, 'token'), TOKEN, { mode: 0o600 });
  fs.writeFileSync(
    path.join(work, 'prometheus.yml'),
    `global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - ${RULES}
scrape_configs:
  - job_name: yardshare
    authorization:
      type: Bearer
      credentials_file: ${path.join(work, 'token')}
    static_configs:
      - targets: ['${target}']
  - job_name: anonymous
    static_configs:
      - targets: ['${target}']
`,
  );
  const log = fs.openSync(path.join(work, 'prometheus.log'), 'a');
  prom = spawn(
    prometheus,
    [
      `--config.file=${path.join(work, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(work, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${OPS_PORT + 6}`,
      '--web.enable-lifecycle',
    ],
    { stdio: ['ignore', log, log] },
  );
});

describe('Prometheus scrapes a running server', () => {
  it('an anonymous /metrics from an address not in METRICS_ALLOW is refused (401, a wrong token 403)', async () => {
    const anon = await fetch(`${server!.base}/metrics`);
    assert.equal(anon.status, 401);
    assert.equal(anon.headers.get('www-authenticate'), 'Bearer');
    assert.deepEqual(await anon.json(), { message: 'Metrics need a bearer token.' });
    const wrong = await fetch(`${server!.base}/metrics`, {
      headers: { authorization: 'Bearer not-the-token' },
    });
    assert.equal(wrong.status, 403);
  });

  it('reads back request, job, outbox, marketplace and backup series through its HTTP API', async () => {
    const base = server!.base;
    // Signed-out repeats of a public read are answered by the read cache before the router
    // (ADR 025) and are not counted: one read, one series.
    assert.equal((await fetch(`${base}/api/listings?page=1`)).status, 200);
    const u = `prom${process.pid % 10_000}`;
    const reg = await register(base, u, 'Prom');
    assert.equal(reg.status, 201);
    const [requests] = await query(
      'http_requests_total{job="yardshare",route="/api/listings",method="GET",status_code="200"}',
    );
    assert.ok(Number(requests!.value[1]) >= 1);
    await query(
      'http_request_duration_seconds_count{job="yardshare",route="/api/register",status_code="201"}',
    );
    // The job runner ran its jobs at start; their label is job_name (job is Prometheus' own).
    const runs = await query('yardshare_job_runs_total{job="yardshare"}');
    assert.ok(
      runs.some((r) => r.metric.job_name === 'mail.outbox'),
      JSON.stringify(runs.map((r) => r.metric)),
    );
    await query('yardshare_job_lag_seconds{job="yardshare",job_name="ops.backup"}');
    await query('yardshare_mail_outbox_messages{job="yardshare",status="pending"}');
    const bookings = await query('yardshare_bookings{job="yardshare"}');
    assert.ok(bookings.some((r) => r.metric.state === 'requested'));
    await query('yardshare_payouts{job="yardshare",state="failed"}');
    await query('yardshare_money_held_cents{job="yardshare"}');
    // The scheduled backup ran at start (ADR 036): its age is known.
    const [age] = await query('yardshare_backup_age_seconds{job="yardshare"} < 3600');
    assert.ok(Number(age!.value[1]) >= 0);
    await query('process_resident_memory_bytes{job="yardshare"}');
    // The scrape without the token fails.
    const [anonymous] = await query('up{job="anonymous"}');
    assert.equal(anonymous!.value[1], '0');
    const [up] = await query('up{job="yardshare"}');
    assert.equal(up!.value[1], '1');
  });

  it('the alert rules pass promtool and evaluate without error on real series', async () => {
    const check = spawnSync(binary('promtool'), ['check', 'rules', RULES], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /SUCCESS: \d+ rules found/);
    const until = Date.now() + 30_000;
    for (;;) {
      const res = (await (await fetch(`${PROM}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
      };
      const rules = res.data.groups.flatMap((g) => g.rules);
      const bad = rules.filter((r) => r.health !== 'ok');
      if (rules.length && !bad.length) break;
      if (Date.now() > until) assert.fail(`rules not healthy: ${JSON.stringify(bad.length ? bad : rules)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Nothing is wrong with this server: only the anonymous job's target is down, and no
    // Yardshare alert fires but for YardshareInstanceDown's own selector (job="yardshare": not).
    const alerts = (await (await fetch(`${PROM}/api/v1/alerts`)).json()) as {
      data: { alerts: { labels: { alertname: string }; state: string }[] };
    };
    assert.deepEqual(
      alerts.data.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname),
      [],
    );
  });

  it('the deployment files are accepted by their tools: the nginx site (nginx -t), the scrape configuration', (t) => {
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
    if (!nginx) return t.skip('nginx is not installed');
    const dir = path.join(work, 'nginx');
    fs.mkdirSync(dir);
    const cert = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=yardshare.example',
      '-keyout',
      path.join(dir, 'k.pem'),
      '-out',
      path.join(dir, 'c.pem'),
    ]);
    assert.equal(cert.status, 0, String(cert.stderr));
    const site = fs
      .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/yardshare.example/fullchain.pem', path.join(dir, 'c.pem'))
      .replace('/etc/letsencrypt/live/yardshare.example/privkey.pem', path.join(dir, 'k.pem'));
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
    );
    const check = spawnSync(nginx, ['-t', '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
    const conf = fs
      .readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')
      .replace('/etc/prometheus/yardshare-alerts.yml', RULES)
      .replace('/etc/prometheus/yardshare-metrics-token', path.join(work, 'token'));
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), conf);
    const promCheck = spawnSync(binary('promtool'), ['check', 'config', path.join(dir, 'prometheus.yml')], {
      encoding: 'utf8',
    });
    assert.equal(promCheck.status, 0, promCheck.stdout + promCheck.stderr);
  });
});
