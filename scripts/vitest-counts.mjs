// Vitest reporter for npm test: writes each project's test counts to .tmp/vitest-counts.json, so
// the closing line can say which suites ran (a PostgreSQL suite that never ran cannot look green),
// and keeps .tmp/vitest-running.json current with the test files running and since when, for the
// runner's watchdog (scripts/test.mjs) to name a file that hangs.
import fs from 'node:fs';
import path from 'node:path';

const RUNNING = '.tmp/vitest-running.json';

export default class CountsReporter {
  running = new Map(); // "project file" -> { project, file, since }
  spans = {}; // project -> { from, to }: when its first file started and its last one ended

  writeRunning() {
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(`${RUNNING}.new`, JSON.stringify([...this.running.values()]));
    fs.renameSync(`${RUNNING}.new`, RUNNING);
  }

  onTestRunStart() {
    this.writeRunning();
  }

  onTestModuleStart(mod) {
    const file = path.relative(process.cwd(), mod.moduleId);
    const now = Date.now();
    this.running.set(`${mod.project.name} ${file}`, { project: mod.project.name, file, since: now });
    this.spans[mod.project.name] ??= { from: now, to: now };
    this.writeRunning();
  }

  onTestModuleEnd(mod) {
    this.running.delete(`${mod.project.name} ${path.relative(process.cwd(), mod.moduleId)}`);
    if (this.spans[mod.project.name]) this.spans[mod.project.name].to = Date.now();
    this.writeRunning();
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const projects = {};
    let broken = unhandledErrors.length;
    for (const mod of testModules) {
      const name = mod.project.name || 'default';
      const span = this.spans[name];
      projects[name] ??= {
        passed: 0,
        failed: 0,
        skipped: 0,
        seconds: span ? (span.to - span.from) / 1000 : 0,
      };
      const counts = projects[name];
      // A file that failed to load has no tests but a failed state.
      if (mod.errors().length > 0) broken += 1;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    this.running.clear();
    this.writeRunning();
    fs.writeFileSync(
      '.tmp/vitest-counts.json',
      JSON.stringify({ projects, broken, node: process.version }, null, 2),
    );
  }
}
