// The address links point to on a machine of one's own (ADR 052). Without PUBLIC_URL, `npm start`
// uses http://127.0.0.1:PORT when the server listens on every address or a loopback one, and
// http://HOST:PORT for another address; a visitor on this machine who typed another loopback name
// (localhost, [::1]) is sent to that one address first, so the session cookie, the e-mail
// confirmation link and the checkout's return all meet on the same origin.
// Plain TypeScript (no enums, no parameter properties): scripts/start.mjs imports it as it is.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const ANY = new Set(['', '0.0.0.0', '::', '[::]']);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

// PUBLIC_URL when none is set: this machine's own address, as a visitor on it types it.
export function defaultPublicUrl(host: string | undefined, port: string | number | undefined): string {
  const h = (host ?? '').trim();
  const p = port || 3000;
  if (ANY.has(h) || isLoopback(h)) return `http://127.0.0.1:${p}`;
  return `http://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${p}`;
}

// The start log's warning when PUBLIC_URL was not set.
export function defaultPublicUrlWarning(url: string, host: string | undefined): string {
  const everywhere = ANY.has((host ?? '').trim());
  return [
    `PUBLIC_URL is not set: links in e-mails and payment returns use ${url}.`,
    'Visitors on this machine who open another loopback name (localhost) are sent there first, so they stay signed in.',
    everywhere
      ? 'Visitors from other machines need PUBLIC_URL set to the address they use (e.g. https://yardshare.example).'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

// Where a page request on another loopback name of this server goes: the same path on PUBLIC_URL,
// or null. Only when PUBLIC_URL is itself a loopback address with the same port; any other host
// (a proxy, a LAN address) is left alone.
export function loopbackRedirect(publicUrl: string | undefined, hostHeader: string | undefined, url: string) {
  if (!publicUrl || !hostHeader) return null;
  let target: URL;
  let asked: URL;
  try {
    target = new URL(publicUrl);
    asked = new URL(`http://${hostHeader}`);
  } catch {
    return null;
  }
  if (!isLoopback(target.hostname) || !isLoopback(asked.hostname)) return null;
  if (asked.host === target.host) return null;
  const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
  if (portOf(asked) !== portOf(target)) return null;
  return `${target.origin}${url.startsWith('/') && !url.startsWith('//') ? url : '/'}`;
}
