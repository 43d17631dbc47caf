import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  // YS_DIST lets parallel builds (e.g. two test runs) write to separate folders.
  build: {
    outDir: `${process.env.YS_DIST ? `../../${process.env.YS_DIST}` : '../../dist'}/client`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
