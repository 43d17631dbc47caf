import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with a per-user salt. The stored string carries its parameters, so the cost can be
// raised later and old hashes still verify: scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>.
const KEY_LEN = 32;

function scryptAsync(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LEN,
      { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, log2N, 8, 1);
  return `scrypt$${log2N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
