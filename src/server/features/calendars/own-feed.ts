// Whether an address is one of Yardshare's own feeds (ADR 048), which a listing must not import:
// it would read its own booked and blocked days back and keep them blocked for ever. Compared as
// addresses, not as text, since the server (or a proxy in front of it) answers these alike: the
// host name in any case and without its trailing dot, on any port, the path with its repeated
// slashes as one, its escaped unreserved characters decoded and its letters in any case.
export function isOwnFeed(url: URL, origin: string): boolean {
  const own = new URL(origin);
  if (hostName(url) !== hostName(own)) return false;
  // PUBLIC_URL may end in a path of its own, under which the API answers.
  const base = pathOf(own).replace(/\/$/, '');
  return pathOf(url).startsWith(`${base}/api/calendars/`);
}

const hostName = (url: URL) => url.hostname.replace(/\.+$/, '');

// %XX of a letter, a digit, '-', '.', '_' or '~' is that character itself.
const pathOf = (url: URL) =>
  url.pathname
    .replace(/%([0-9a-f]{2})/gi, (escaped, hex: string) => {
      const c = String.fromCharCode(Number.parseInt(hex, 16));
      return /^[A-Za-z0-9._~-]$/.test(c) ? c : escaped;
    })
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
