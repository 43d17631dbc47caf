// Memory that stays bounded (issue 31, ADR 036, ADR 047): the built server on PostgreSQL takes
// PASSES passes of hostile requests (the fuzz test's generators, over every route of the OpenAPI
// document, as a signed-in member), and its resident memory and JavaScript heap are read from
// /metrics before the first pass and after each. It fails when any pass leaves the process above
// MEMORY_PEAK_MB (400, the goal for a small machine) or, 10 s after the last, more than
// MEMORY_BOUND_MB (50, the goal) above where it was before the first (so the first pass's growth
// counts too). MEMORY_PASSES (3) passes of MEMORY_REQUESTS (3000); MEMORY_ENV="K=V ..." adds server settings
// (e.g. MALLOC_ARENA_MAX=2) to compare. npm test runs it as the "memory" suite with PostgreSQL;
// it uses OPS_PORT+4.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { body, fuzzPath, query } from '../../src/server/testing/hostile.ts';
import {
  freshDatabase,
  heapSnapshot,
  mainJs,
  OPS_PORT,
  register,
  type Server,
  serverEnv,
  startServer,
  stopServer,
  suiteFolder,
} from './servers.ts';

const PASSES = Number(process.env.MEMORY_PASSES ?? 3);
const PER_PASS = Number(process.env.MEMORY_REQUESTS ?? 3000);
const BOUND_MB = Number(process.env.MEMORY_BOUND_MB ?? 50);
const PEAK_MB = Number(process.env.MEMORY_PEAK_MB ?? 400);
const CONCURRENCY = 8;
const { work, cleanups } = suiteFolder('yardshare-memory-');

// MEMORY_SNAPSHOTS=<folder>: the server's heap snapshots after the first and the last pass, there
// (compare them with scripts/heap-diff.mjs).
const SNAPSHOTS = process.env.MEMORY_SNAPSHOTS;

const extraEnv = Object.fromEntries(
  (process.env.MEMORY_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

async function sampleMetrics(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    // The server and, on PGlite, its database process (ADR 030).
    rss:
      (value('process_resident_memory_bytes') + (value('yardshare_db_process_resident_memory_bytes') || 0)) /
      1048576,
    heap: value('nodejs_heap_size_used_bytes') / 1048576,
    external: value('nodejs_external_memory_bytes') / 1048576,
  };
}

describe('memory under hostile input', {
  skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
}, () => {
  it(`${PASSES} passes of hostile requests leave the server within ${BOUND_MB} MB of where it was before them`, {
    timeout: 600_000,
  }, async () => {
    assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
    const db = await freshDatabase(`ys_memory_${process.pid}`);
    cleanups.push(db.drop);
    let server: Server | undefined;
    cleanups.push(() => stopServer(server));
    server = await startServer(
      {
        ...serverEnv(OPS_PORT + 4, path.join(work, 'data'), db.url),
        ...extraEnv,
        ...(SNAPSHOTS ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {}),
      },
      path.join(work, 'server.log'),
    );
    const base = server.base;
    const name = `mem${process.pid % 10_000}`;
    const reg = await register(base, name);
    assert.equal(reg.status, 201);
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = String((await reg.json()).id);
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{(\w+)\}/g, ':$1') })),
    );
    // Signing out or deleting the account would end the member's session for the rest.
    // and the live stream stays open by design.
    const usable = routes.filter((r) => !/logout|account$|\/account\/delete|\/stream$/.test(r.url));
    const request = fc.constantFrom(...usable).chain((r) =>
      fc.record({
        method: fc.constant(r.method),
        path: fuzzPath(r.url, [me, '1']),
        query,
        body,
        signedIn: fc.boolean(),
      }),
    );
    // Before the first pass, once the server has settled.
    await new Promise((r) => setTimeout(r, 3000));
    const before = await sampleMetrics(base);
    const passes: { rss: number; heap: number; external: number }[] = [];
    let fivexx = 0;
    for (let pass = 0; pass < PASSES; pass++) {
      const samples = fc.sample(request, { numRuns: PER_PASS, seed: 20261126 + pass });
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < samples.length) {
            const s = samples[next++]!;
            const hasBody = s.method !== 'GET' && s.method !== 'DELETE';
            const res = await fetch(`${base}${s.path}${s.query ? `?${s.query}` : ''}`, {
              method: s.method,
              headers: {
                ...(s.signedIn ? { cookie } : {}),
                ...(hasBody ? { 'content-type': s.body.type } : {}),
                origin: base,
              },
              body: hasBody ? s.body.payload : undefined,
              signal: AbortSignal.timeout(15_000),
            }).catch(() => null);
            await res?.arrayBuffer().catch(() => null);
            if (!res || (res.status >= 500 && res.status !== 503)) fivexx += 1;
          }
        }),
      );
      passes.push(await sampleMetrics(base));
      if (SNAPSHOTS && (pass === 0 || pass === PASSES - 1))
        await heapSnapshot(server, SNAPSHOTS, `pass-${pass + 1}`);
    }
    const fmt = (x: number) => x.toFixed(0);
    console.log(
      `# ${PASSES} x ${PER_PASS} hostile requests${process.env.MEMORY_ENV ? ` with ${process.env.MEMORY_ENV}` : ''}: ` +
        `resident ${fmt(before.rss)} MB before, then ${passes.map((p) => fmt(p.rss)).join(', ')} MB; heap used ${passes.map((p) => fmt(p.heap)).join(', ')} MB; ` +
        `external ${passes.map((p) => fmt(p.external)).join(', ')} MB; ${fivexx} 5xx or failed`,
    );
    // Back to where it was: V8 shrinks its heap in the seconds after allocation stops.
    await new Promise((r) => setTimeout(r, 10_000));
    const after = await sampleMetrics(base);
    console.log(`# 10 s after the last pass: resident ${fmt(after.rss)} MB`);
    const growth = after.rss - before.rss;
    assert.ok(
      growth < BOUND_MB,
      `resident memory grew ${fmt(growth)} MB from before the first pass to 10 s after the last`,
    );
    const peak = Math.max(...passes.map((p) => p.rss));
    assert.ok(peak < PEAK_MB, `resident memory reached ${fmt(peak)} MB (at most ${PEAK_MB})`);
  });
});
