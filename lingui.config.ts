import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The UI's message catalogues (ADR 031): one PO file per language and group. `shell` holds the
// messages of every module the shell and the home screen can render; `content` and `admin` those
// of their screens' modules outside the shell; `app` the rest. A group loads with its routes' code.
const root = import.meta.dirname;
const src = (p: string) => join(root, 'src', p);

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('#client/')) base = src(`client/${spec.slice(8)}`);
  else if (spec.startsWith('#shared/')) base = src(`shared/${spec.slice(8)}`);
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  return /\.tsx?$/.test(base) && existsSync(base) ? base : null;
}

// The files the entries can render: reachable through imports, static or dynamic (a lazy menu
// shows on the same page), except the route table's, which lead to the other screens, and the
// signed-in parts that load the `app` messages themselves (withAppMessages).
export function moduleClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  const staticRe = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  const dynamicRe = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const specs = [...code.matchAll(staticRe)];
    // withAppMessages(() => import(...)): a part that loads the `app` messages with its code.
    if (!file.endsWith(join('app', 'router.tsx')))
      for (const m of code.matchAll(dynamicRe))
        if (!/withAppMessages\(\s*\(\)\s*=>\s*$/.test(code.slice(Math.max(0, (m.index ?? 0) - 60), m.index)))
          specs.push(m);
    for (const m of specs) {
      const target = resolveImport(file, m[1]);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].filter((f) => !/\.test\.tsx?$/.test(f)).sort();
}

const rel = (files: string[]) => files.map((f) => `<rootDir>/${relative(root, f)}`);
const shellFiles = moduleClosure([src('client/main.tsx'), src('client/app/routes/home.tsx')]);
const outsideShell = (files: string[]) => rel(files.filter((f) => !shellFiles.includes(f)));
const shell = rel(shellFiles);
const contentDir = src('client/features/content');
const content = outsideShell(
  moduleClosure(
    readdirSync(contentDir)
      .filter((f) => f.endsWith('-page.tsx'))
      .map((f) => join(contentDir, f)),
  ),
);
const admin = outsideShell(moduleClosure([src('client/app/routes/admin.tsx')]));
const tests = ['**/*.test.ts', '**/*.test.tsx'];
const locales = '<rootDir>/src/client/locales/{locale}';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'ja'],
  // By id: unique, so two runs of extract always write the same order (by message, equal texts tie).
  orderBy: 'messageId',
  // No line numbers: a catalogue changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: `${locales}/shell`, include: shell, exclude: tests },
    { path: `${locales}/content`, include: content, exclude: tests },
    { path: `${locales}/admin`, include: admin, exclude: tests },
    {
      path: `${locales}/app`,
      include: ['<rootDir>/src/client', '<rootDir>/src/shared'],
      exclude: [
        ...shell,
        ...tests,
        '<rootDir>/src/client/features/content/**',
        '<rootDir>/src/client/features/admin/**',
        '<rootDir>/src/client/app/routes/admin.tsx',
        '<rootDir>/src/client/locales/**',
      ],
    },
  ],
});
