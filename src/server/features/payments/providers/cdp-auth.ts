import { createPrivateKey, randomBytes } from 'node:crypto';
import { importJWK, importPKCS8, SignJWT } from 'jose';

// The Bearer JWT of a Coinbase Developer Platform (CDP) API key (ADR 046), as Coinbase's own SDK
// makes it (@coinbase/cdp-sdk, src/auth/utils/jwt.ts, `generateJwt`): claims sub = the key id,
// iss = "cdp", uris = ["<METHOD> <host><path>"]; header kid = the key id, typ JWT and a random
// nonce; valid 120 s from now. A key secret is either an EC P-256 key in PEM (ES256) or, for the
// newer keys, 64 bytes of base64 (an Ed25519 seed then its public key; EdDSA).
export type CdpKey = { id: string; secret: string };

// A secret pasted into a .env file keeps its PEM line breaks as "\n".
const pemOf = (secret: string) => secret.replace(/\\n/g, '\n').trim();

type SigningKey = { alg: 'ES256' | 'EdDSA'; key: CryptoKey };

async function signingKey(secret: string): Promise<SigningKey> {
  const pem = pemOf(secret);
  if (pem.startsWith('-----BEGIN')) {
    // The SDK imports PKCS#8; keys downloaded before 2025 are SEC1 ("EC PRIVATE KEY"): convert them.
    const pkcs8 = pem.includes('BEGIN EC PRIVATE KEY') ? sec1ToPkcs8(pem) : pem;
    return { alg: 'ES256', key: (await importPKCS8(pkcs8, 'ES256')) as CryptoKey };
  }
  const raw = Buffer.from(secret.trim(), 'base64');
  if (raw.length !== 64)
    throw new Error('The CDP API key secret is neither a PEM EC key nor a base64 Ed25519 key');
  const jwk = {
    kty: 'OKP',
    crv: 'Ed25519',
    d: raw.subarray(0, 32).toString('base64url'),
    x: raw.subarray(32).toString('base64url'),
  };
  return { alg: 'EdDSA', key: (await importJWK(jwk, 'EdDSA')) as CryptoKey };
}

// node:crypto reads SEC1 and writes PKCS#8.
const sec1ToPkcs8 = (pem: string) =>
  createPrivateKey(pem).export({ format: 'pem', type: 'pkcs8' }).toString();

// Imports the key once; a JWT per request (it names the request's method, host and path).
export function cdpSigner(key: CdpKey, now: () => number = Date.now) {
  let imported: Promise<SigningKey> | null = null;
  return async (method: string, url: URL): Promise<string> => {
    imported ??= signingKey(key.secret);
    const { alg, key: k } = await imported;
    const iat = Math.floor(now() / 1000);
    return new SignJWT({ sub: key.id, iss: 'cdp', uris: [`${method} ${url.host}${url.pathname}`] })
      .setProtectedHeader({ alg, kid: key.id, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + 120)
      .sign(k);
  };
}
