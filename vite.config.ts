import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const dist = process.env.YS_DIST ? `../../${process.env.YS_DIST}` : '../../dist';

export function linguiMacros() {
  return babel({
    include: /[\\/]src[\\/](client|shared)[\\/].*\.tsx?$/,
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
}

// What the entry chunk loads statically (index.html loads it all before any screen): a lazy chunk
// need not list those files to preload, which keeps every lazy import's list short (ADR 028's
// budget; ADR 038). Filled in generateBundle, before Vite writes the preload lists.
const loadedByEntry = new Set<string>();
const entryFiles: Plugin = {
  name: 'yardshare:entry-files',
  enforce: 'pre',
  generateBundle(_options, bundle) {
    const add = (file: string) => {
      const chunk = bundle[file];
      if (loadedByEntry.has(file) || !chunk || chunk.type !== 'chunk') return;
      loadedByEntry.add(file);
      for (const f of chunk.imports) add(f);
      for (const css of chunk.viteMetadata?.importedCss ?? []) loadedByEntry.add(css);
    };
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.isEntry) add(chunk.fileName);
  },
};

// `vite build` builds the browser app into <dist>/client; `vite build --ssr entry-server.tsx` builds
// the page pre-renderer the server loads into <dist>/ssr (npm packages stay external).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : '../../public',
  // Lingui's macros (ADR 031) run as a Babel pass over the client's own files only; the Lingui
  // plugin compiles the PO catalogues the client imports.
  plugins: [react(), linguiMacros(), lingui(), tailwindcss(), entryFiles],
  // YS_DIST lets parallel builds (e.g. two test runs) write to separate folders.
  build: {
    outDir: `${dist}/${isSsrBuild ? 'ssr' : 'client'}`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: !isSsrBuild,
    // boot.ts: a pre-rendered page's first script, which loads the entry after the first paint (ADR 042).
    rollupOptions: isSsrBuild ? undefined : { input: ['src/client/index.html', 'src/client/boot.ts'] },
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((d) => !loadedByEntry.has(d)),
    },
  },
  server: {
    // The API sees the browser's own Host (no changeOrigin, which the string form turns on), so
    // its same-origin check on writes passes in development as in production.
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/sandbox'].map((path) => [
        path,
        { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      ]),
    ),
  },
}));
