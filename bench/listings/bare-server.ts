// The reference: a bare node:http server answering each path with the bytes and headers the app
// answered it with (BARE_ANSWERS: a JSON file of path -> { status, headers, body in base64 }).
import fs from 'node:fs';
import http from 'node:http';

type Answer = { status: number; headers: Record<string, string>; body: string };
const answers = new Map(
  Object.entries(
    JSON.parse(fs.readFileSync(String(process.env.BARE_ANSWERS), 'utf8')) as Record<string, Answer>,
  ).map(([url, a]) => [url, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]),
);

const server = http.createServer((req, res) => {
  const a = answers.get(req.url ?? '');
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
