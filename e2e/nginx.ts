// Debian's nginx as the load balancer in front of built instances, for the suites that run several
// (instances/two-instances.ts, ADR 026; ops/rolling-restart.ts, ADR 036).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function nginxBinary(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is not installed (apt-get install -y nginx): this suite needs it');
}

// nginx.conf for a balancer on 127.0.0.1:listen over the instances on `upstreams`, its pid, logs
// and temporary files in `work`; the live stream unbuffered and held open, and X-Upstream naming
// the instance that answered. `server` is said after each upstream, `http` and `proxy` lines are
// added to the http and server blocks.
export function balancerConf(o: {
  work: string;
  listen: number;
  upstreams: number[];
  workerConnections: number;
  server?: string;
  http?: string[];
  proxy?: string[];
}): string {
  const t = (n: string) => path.join(o.work, n);
  const lines = (xs: string[] | undefined, indent: string) =>
    (xs ?? []).map((x) => `${indent}${x}\n`).join('');
  return `worker_processes 1;
pid ${t('nginx.pid')};
error_log ${t('nginx-error.log')} warn;
events { worker_connections ${o.workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${t('nginx-body')};
  proxy_temp_path ${t('nginx-proxy')};
  fastcgi_temp_path ${t('nginx-fastcgi')};
  uwsgi_temp_path ${t('nginx-uwsgi')};
  scgi_temp_path ${t('nginx-scgi')};
${lines(o.http, '  ')}  upstream yardshare {
${o.upstreams.map((p) => `    server 127.0.0.1:${p}${o.server ? ` ${o.server}` : ''};\n`).join('')}    keepalive 16;
  }
  server {
    listen 127.0.0.1:${o.listen};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
${lines(o.proxy, '    ')}    add_header X-Upstream $upstream_addr always;
    location / { proxy_pass http://yardshare; }
    location = /api/messages/stream {
      proxy_pass http://yardshare;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}
