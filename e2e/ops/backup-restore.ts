// Backups that restore (ADR 036), against the built server (npm run build first), on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL: clients write without pause (new accounts, photo
// uploads), `npm run backup` runs in the middle of it while the server keeps serving, the file is
// restored into a fresh DATA_DIR / a fresh database with `npm run restore`, a second server starts
// on the copy, and every write acknowledged before the backup began is there, photos served byte
// for byte. A damaged file and a target holding data are refused. npm test runs it as the "backup"
// suite; OPS_PORT (4700) is its first port.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import {
  freshDatabase,
  mainJs,
  OPS_PORT,
  register,
  root,
  type Server,
  serverEnv,
  startServer,
  stopServer,
  suiteFolder,
} from './servers.ts';

const CLI = path.join(root, 'src/server/ops/backup/cli.ts');
const { work, cleanups } = suiteFolder('yardshare-backup-e2e-');

// `npm run backup` / `npm run restore` as an operator runs them, in a folder of their own.
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, ...args], { cwd: work, env });
    let out = '';
    let err = '';
    p.stdout.on('data', (b) => {
      out += b;
    });
    p.stderr.on('data', (b) => {
      err += b;
    });
    p.on('close', (code) => resolve({ code: code ?? 1, out, err }));
  });
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
type Ack = { kind: 'user'; id: number } | { kind: 'photo'; url: string; sha: string };

// Writers that never pause: each acknowledged write is recorded with the time its answer came.
function writeContinuously(base: string, cookie: string) {
  const acks: { at: number; ack: Ack }[] = [];
  let stop = false;
  let n = 0;
  const loop = async (w: number) => {
    while (!stop) {
      n += 1;
      const i = n;
      if (i % 2) {
        const username = `bk${process.pid % 10_000}w${w}n${i}`;
        const res = await register(base, username, `Backup Writer ${i}`);
        assert.equal(res.status, 201, await res.clone().text());
        acks.push({ at: performance.now(), ack: { kind: 'user', id: (await res.json()).id } });
      } else {
        const png = await sharp({
          create: { width: 24, height: 16, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 90 } },
        })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('images', new Blob([png], { type: 'image/png' }), `p${i}.png`);
        const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form, headers: { cookie } });
        assert.equal(res.status, 200, await res.clone().text());
        const [url] = (await res.json()) as string[];
        const served = new Uint8Array(await (await fetch(`${base}${url}`)).arrayBuffer());
        acks.push({ at: performance.now(), ack: { kind: 'photo', url: url!, sha: sha(served) } });
      }
    }
  };
  const loops = [0, 1, 2].map(loop);
  return {
    acks,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function signUp(base: string): Promise<string> {
  const username = `bk${process.pid % 10_000}owner`;
  const res = await register(base, username, 'Backup Owner');
  assert.equal(res.status, 201);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const engines = [
  { engine: 'pglite', skip: false },
  { engine: 'postgres', skip: !process.env.TEST_DATABASE_URL },
] as const;

for (const [i, { engine, skip }] of engines.entries()) {
  describe(`backups on ${engine}`, { skip: skip && 'needs TEST_DATABASE_URL' }, () => {
    it('a backup taken mid-burst restores into a fresh target with every write acknowledged before it began', async () => {
      assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
      const dir = path.join(work, engine);
      const dbA = engine === 'postgres' ? await freshDatabase(`ys_backup_a_${process.pid}`) : null;
      const dbB = engine === 'postgres' ? await freshDatabase(`ys_backup_b_${process.pid}`) : null;
      for (const d of [dbA, dbB]) if (d) cleanups.push(d.drop);
      const backups = path.join(dir, 'backups');
      const envA = { ...serverEnv(OPS_PORT + 2 * i, path.join(dir, 'a'), dbA?.url), BACKUP_DIR: backups };
      const envB = { ...serverEnv(OPS_PORT + 2 * i + 1, path.join(dir, 'b'), dbB?.url), BACKUP_DIR: backups };
      let a: Server | undefined;
      let b: Server | undefined;
      cleanups.push(
        () => stopServer(a),
        () => stopServer(b),
      );
      a = await startServer(envA, path.join(dir, 'a.log'));
      const writers = writeContinuously(a.base, await signUp(a.base));
      while (writers.acks.length < 30) await new Promise((r) => setTimeout(r, 50));
      const began = performance.now();
      const taken = await cli(['backup'], envA);
      const writtenDuring = writers.acks.filter((x) => x.at > began).length;
      // Writes go on after the backup too (they are not in it, and must not break it).
      const soFar = writers.acks.length;
      while (writers.acks.length < soFar + 10) await new Promise((r) => setTimeout(r, 50));
      await writers.stop();
      assert.equal(taken.code, 0, taken.err + taken.out);
      const file = taken.out.trim().split('\n').at(-1)!;
      assert.ok(fs.existsSync(file), `the last line is the backup's path: ${taken.out}`);
      assert.ok(writtenDuring > 0, 'the server kept answering writes while the backup was taken');

      const restored = await cli(['restore', file], envB);
      assert.equal(restored.code, 0, restored.err + restored.out);
      assert.match(restored.out, /Restored the backup of/);
      const serverB = await startServer(envB, path.join(dir, 'b.log'));
      b = serverB;
      const before = writers.acks.filter((x) => x.at < began).map((x) => x.ack);
      assert.ok(before.length >= 30);
      for (const ack of before) {
        if (ack.kind === 'user') {
          const res = await fetch(`${serverB.base}/api/users/${ack.id}`);
          assert.equal(res.status, 200, `user ${ack.id} acknowledged before the backup is missing`);
        } else {
          const res = await fetch(`${serverB.base}${ack.url}`);
          assert.equal(res.status, 200, `photo ${ack.url} acknowledged before the backup is missing`);
          assert.equal(sha(new Uint8Array(await res.arrayBuffer())), ack.sha, `photo ${ack.url} differs`);
        }
      }
      console.log(
        `# ${engine}: ${before.length} writes acknowledged before the backup began, all restored; ` +
          `${writtenDuring} answered while it was taken; ${fs.statSync(file).size} bytes`,
      );

      // The target now holds data (and on PGlite a server holds it): refused, naming why.
      const again = await cli(['restore', file], envB);
      assert.equal(again.code, 1);
      assert.match(again.err, engine === 'pglite' ? /in use by another process/ : /is not empty/);
      const cut = path.join(dir, 'cut.tar');
      fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.6)));
      const fresh = { ...envB, DATA_DIR: path.join(dir, 'c') };
      const truncated = await cli(['restore', cut], fresh);
      assert.equal(truncated.code, 1);
      assert.match(truncated.err, /The backup file .* is truncated/);
    });
  });
}
