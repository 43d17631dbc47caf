// The reference: a bare node:http server answering a fixed JSON array of 24 listings.
import http from 'node:http';

const body = process.env.BARE_BODY ?? '[]';
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
