import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { WAIT_MS } from './wait.ts';

export type TestSmtp = {
  url: string;
  port: number;
  // Every message accepted, parsed, in order of arrival.
  messages: ParsedMail[];
  // Resolves once n messages have arrived (on arrival, not by polling); rejects after ms (WAIT_MS
  // unless told).
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  // The next n DATA commands are answered with failCode.
  setFail(n: number, code?: number): void;
  close(): Promise<void>;
};

// A real SMTP server on 127.0.0.1 for tests: no TLS, no auth. It answers failCode (451 unless
// told) to the first failFirst DATA commands, then accepts and keeps each message, parsed.
export async function startSmtp(opts: { failFirst?: number; failCode?: number } = {}): Promise<TestSmtp> {
  let failLeft = opts.failFirst ?? 0;
  let failCode = opts.failCode ?? 451;
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, done) {
      if (failLeft > 0) {
        failLeft -= 1;
        const err = Object.assign(new Error(failCode < 500 ? 'Try again later' : 'Refused'), {
          responseCode: failCode,
        });
        stream.on('end', () => done(err));
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const w of waiters) w();
          done();
        })
        .catch((err: Error) => done(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(n, ms = WAIT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} messages within ${ms} ms, got ${messages.length}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    setFail(n, code) {
      failLeft = n;
      if (code) failCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
