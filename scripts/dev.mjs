// npm run dev: the API with tsx watch on API_PORT, and Vite with hot reload on PORT in front of it.
// tsx, not Node's own type stripping: the server's e-mail templates (src/server/mail/templates.tsx)
// are JSX, which Node does not run.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const api = spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
});
const web = spawn('npx', ['vite', '--port', port, '--strictPort', '--host', process.env.HOST ?? '0.0.0.0'], {
  stdio: 'inherit',
  env,
});
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
web.on('exit', stop);
