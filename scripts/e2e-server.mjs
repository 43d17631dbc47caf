// The built app for Playwright: on a throwaway PGlite data dir, or (E2E_DB=postgres) on a
// throwaway PostgreSQL database made from TEST_DATABASE_URL and dropped on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '3210';
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'production';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
// Every spec registers its own members from 127.0.0.1: the suite makes more than the default
// hourly allowance per address, whose own tests are in limits.test.ts.
process.env.REGISTER_MAX_PER_HOUR ??= '100000';
// Hundreds of registrations and sign-ins: the cheapest scrypt cost the server accepts (2^12, as the
// API tests use; production's 2^17 costs about a second of CPU each here). Hashing has its own tests.
process.env.PASSWORD_HASH_LOG2N ??= '12';
delete process.env.DATABASE_URL;

let dropDatabase = async () => {};
if (process.env.E2E_DB === 'postgres') {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('E2E_DB=postgres needs TEST_DATABASE_URL');
  const name = `ys_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

// A real SMTP server receives the app's e-mail (SMTP_URL) on PORT+100, and the tests read what
// arrived from a small inbox on PORT+200: GET /messages?to=<address> (JSON, oldest first).
const received = [];
const smtpPort = Number(process.env.PORT) + 100;
const inboxPort = Number(process.env.PORT) + 200;
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          // Header lines as sent (unfolded), by lower-case name.
          headers: Object.fromEntries(
            mail.headerLines.map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(':') + 1)
                .replace(/\r?\n\s+/g, ' ')
                .trim(),
            ]),
          ),
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
const inbox = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(received.filter((m) => !to || m.to.includes(to))));
});
await new Promise((resolve) => inbox.listen(inboxPort, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

// The server runs as a child, so that the database can be dropped after it has closed.
const dist = path.resolve(process.env.YS_DIST ?? 'dist');
const child = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], { stdio: 'inherit' });
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', async (code) => {
  smtp.close();
  inbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase().catch(() => {});
  process.exit(code ?? 0);
});
