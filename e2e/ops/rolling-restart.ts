// Restarts nobody notices (ADRs 033, 036): two built instances on one PostgreSQL behind Debian's
// nginx (configured as deploy/nginx.conf is: the next instance tried on a refused connection or a
// draining 503), under steady load (reads, registrations, and messages to a member whose live
// stream stays open and reconnects with Last-Event-ID as a browser's EventSource does). Each
// instance is stopped (SIGTERM) and started again in turn. Counted: failed requests (a 5xx or a
// network error), and messages acknowledged but never delivered or delivered twice; all must be 0.
// npm test runs it as the "rolling restart" suite (needs TEST_DATABASE_URL and nginx); it uses
// OPS_PORT+7 and +8 (instances) and +9 (nginx).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openSse, type SseClient } from '../../src/server/testing/sse-client.ts';
import { balancerConf, nginxBinary } from '../nginx.ts';
import {
  freshDatabase,
  mainJs,
  OPS_PORT,
  register,
  type Server,
  serverEnv,
  startServer,
  stopServer,
  suiteFolder,
} from './servers.ts';

const { work, cleanups } = suiteFolder('yardshare-rolling-');
const ports = [OPS_PORT + 7, OPS_PORT + 8];
const LB = `http://127.0.0.1:${OPS_PORT + 9}`;

// As deploy/nginx.conf: the next instance tried on a refused connection or a draining 503.
const nginxConf = () =>
  balancerConf({
    work,
    listen: OPS_PORT + 9,
    upstreams: ports,
    workerConnections: 512,
    server: 'max_fails=1 fail_timeout=2s',
    proxy: ['proxy_next_upstream error timeout http_502 http_503 non_idempotent;'],
  });

// A live stream as a browser's EventSource keeps it: reconnects when it ends, naming the last id.
function liveStream(cookie: string) {
  const received: number[] = [];
  let lastId = '';
  let current: SseClient | null = null;
  let stopped = false;
  let reconnects = 0;
  // Resolved at the first `ready`: the server has subscribed this stream, so a message sent from
  // then on reaches it (one sent before has nothing to be replayed from: no Last-Event-ID yet).
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });
  const run = (async () => {
    while (!stopped) {
      try {
        current = await openSse(
          `${LB}/api/messages/stream`,
          cookie,
          lastId ? { 'last-event-id': lastId } : {},
        );
        current.onEvent((e) => {
          if (e.event === 'ready') markReady();
          if (e.event !== 'message' || !e.id) return;
          received.push(Number(e.id));
          lastId = e.id;
        });
        await current.closed;
      } catch {}
      if (!stopped) reconnects += 1;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    received,
    ready,
    reconnects: () => reconnects,
    stop: async () => {
      stopped = true;
      current?.close();
      await run;
    },
  };
}

async function member(name: string): Promise<{ id: number; cookie: string }> {
  const res = await register(LB, name);
  assert.equal(res.status, 201, await res.clone().text());
  return { id: (await res.json()).id, cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
}

describe('a rolling restart behind nginx', {
  skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
}, () => {
  it('loses no request and no message while each instance restarts in turn', {
    timeout: 300_000,
  }, async () => {
    assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
    const nginx = nginxBinary();
    const db = await freshDatabase(`ys_rolling_${process.pid}`);
    cleanups.push(db.drop);
    const envs = ports.map((p) => ({
      ...serverEnv(p, path.join(work, `data-${p}`), db.url),
      TRUST_PROXY: '1',
    }));
    const servers: (Server | undefined)[] = [];
    cleanups.push(async () => {
      for (const s of servers) await stopServer(s);
    });
    servers[0] = await startServer(envs[0]!, path.join(work, 'a.log'));
    servers[1] = await startServer(envs[1]!, path.join(work, 'b.log'));
    fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConf());
    const lb: ChildProcess = spawn(nginx, ['-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    cleanups.push(async () => {
      lb.kill('SIGTERM');
    });
    for (let i = 0; (await fetch(`${LB}/livez`).catch(() => null))?.status !== 200; i++) {
      assert.ok(i < 100, 'nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    const tag = `rr${process.pid % 10_000}`;
    const sender = await member(`${tag}s`);
    const receiver = await member(`${tag}r`);
    const stream = liveStream(receiver.cookie);
    // Stopped on any outcome: a stream left reconnecting would keep the process alive after a failure.
    cleanups.push(stream.stop);
    await stream.ready;
    const failures: string[] = [];
    let requests = 0;
    let phase = 'both up';
    let stop = false;
    const acked: number[] = [];
    const check = async (what: string, p: Promise<Response>, ok: number) => {
      requests += 1;
      try {
        const res = await p;
        if (res.status !== ok)
          failures.push(`${phase}, ${what}: ${res.status} ${(await res.text()).slice(0, 80)}`);
        return res;
      } catch (err) {
        failures.push(`${phase}, ${what}: ${(err as Error).message}`);
        return null;
      }
    };
    // One writer of messages (so they commit in id order), readers, and registrations.
    const loops = [
      (async () => {
        for (let i = 0; !stop; i++) {
          const res = await check(
            'send a message',
            fetch(`${LB}/api/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: sender.cookie },
              body: JSON.stringify({ toUserId: receiver.id, content: `rolling ${i}` }),
            }),
            201,
          );
          if (res?.ok) acked.push((await res.json()).id);
        }
      })(),
      ...[0, 1].map(async () => {
        while (!stop) await check('read listings', fetch(`${LB}/api/listings?q=garden`), 200);
      }),
      (async () => {
        while (!stop) await check('read a profile', fetch(`${LB}/api/users/${sender.id}`), 200);
      })(),
      (async () => {
        for (let i = 0; !stop; i++) {
          const name = `${tag}u${i}`;
          await check('register', register(LB, name), 201);
        }
      })(),
    ];
    const settle = async (n: number) => {
      const until = requests + n;
      while (requests < until) await new Promise((r) => setTimeout(r, 20));
    };
    await settle(100);
    for (const i of [0, 1]) {
      phase = `instance ${i} stopping`;
      await stopServer(servers[i]);
      phase = `instance ${i} stopped`;
      await settle(50); // the other instance carries the load alone
      phase = `instance ${i} starting`;
      servers[i] = await startServer(envs[i]!, path.join(work, `${i ? 'b' : 'a'}.log`));
      phase = `instance ${i} back`;
      // As an operator would: the next one stops only once the balancer sends this one traffic
      // again (nginx retries a failed server after its fail_timeout).
      for (let k = 0; ; k++) {
        const res = await fetch(`${LB}/livez`);
        if (res.headers.get('x-upstream') === `127.0.0.1:${ports[i]}`) break;
        assert.ok(k < 200, `nginx never sent traffic to instance ${i} again`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await settle(100);
    }
    stop = true;
    await Promise.all(loops);
    // Every acknowledged message reaches the open stream, once.
    for (let i = 0; acked.some((id) => !stream.received.includes(id)); i++) {
      assert.ok(
        i < 200,
        `never delivered: ${acked.filter((id) => !stream.received.includes(id)).join(', ')}`,
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    await stream.stop();
    const dupes = stream.received.filter((id, k) => stream.received.indexOf(id) !== k);
    console.log(
      `# ${requests} requests, ${failures.length} failed; ${acked.length} messages acknowledged, ` +
        `${stream.received.length} delivered, ${dupes.length} twice; the stream reconnected ${stream.reconnects()} times`,
    );
    if (failures.length)
      console.log(fs.readFileSync(path.join(work, 'nginx-error.log'), 'utf8').slice(-1500));
    assert.equal(failures.length, 0, `${failures.length} failed, first: ${failures.slice(0, 5).join('; ')}`);
    assert.deepEqual(dupes, []);
    assert.ok(stream.reconnects() >= 1, 'the stream was never moved: the test did not restart its instance');
  });
});
