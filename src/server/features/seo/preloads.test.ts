import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkPreloads, ROUTE_MODULES, SCREENS_MODULE } from './preloads.ts';

describe('route chunk preloads', () => {
  it('name modules that exist and that the router loads', () => {
    const router = ['router.tsx', 'screens.ts']
      .map((f) => fs.readFileSync(`src/client/app/${f}`, 'utf8'))
      .join('\n');
    for (const [, module] of ROUTE_MODULES) {
      expect(fs.existsSync(path.join('src/client', module)), module).toBe(true);
      const inRouter = module.startsWith('app/') ? `./${module.slice(4)}` : `#client/${module}`;
      expect(router, module).toContain(`import('${inRouter}')`);
    }
    expect(fs.existsSync(path.join('src/client', SCREENS_MODULE))).toBe(true);
    expect(router).toContain(`import('./${SCREENS_MODULE.slice(4)}')`);
  });

  // The screens table is its own chunk (ADR 028): a page other than / lists it with its screen's
  // code, so the browser need not wait for it before asking for the screen; / does not.
  it('list the screens table for every page but the home page', () => {
    const preloads = new ChunkPreloads({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'app/screens.ts': { file: 'assets/screens.js' },
      'app/routes/home.tsx': { file: 'assets/home.js', imports: ['_shared.js'] },
      'app/routes/listings-route.tsx': { file: 'assets/listings.js', imports: ['_shared.js', '_card.js'] },
      '_card.js': { file: 'assets/card.js' },
      'locales/en/shell.po': { file: 'assets/shell.js' },
      'locales/en/app.po': { file: 'assets/app.js' },
    });
    expect(preloads.forPath('/')).toEqual(['/assets/shell.js', '/assets/home.js']);
    expect(preloads.forPath('/listings')).toEqual([
      '/assets/app.js',
      '/assets/shell.js',
      '/assets/screens.js',
      '/assets/listings.js',
      '/assets/card.js',
    ]);
    expect(preloads.forPath('/unlisted')).toEqual(['/assets/shell.js', '/assets/screens.js']);
  });
});
