import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A real S3-compatible server for tests (s3rver: the S3 REST API with signature V4 checks, objects
// on disk), on a free port of 127.0.0.1, with one empty bucket. Its default keys are S3RVER/S3RVER.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;

export type TestS3 = {
  env: Record<string, string>;
  // The keys the server holds, read from its directory (s3rver answers listings with a signature
  // check the current SDK does not pass; the app never lists).
  keys: () => string[];
  close: () => Promise<void>;
};

export async function startTestS3(bucket = 'yardshare-test', port = 0): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverCtor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    env: {
      UPLOADS_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: () => {
      const root = path.join(directory, bucket);
      const suffix = '._S3rver_object';
      return fs
        .readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(suffix))
        .map((f) => f.slice(0, -suffix.length).split(path.sep).join('/'))
        .sort();
    },
    close: async () => {
      await server.close().catch(() => {});
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
