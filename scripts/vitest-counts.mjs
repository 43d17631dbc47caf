// Vitest reporter for npm test: writes each project's test counts to .tmp/vitest-counts.json, so
// the closing line can say which suites ran (a PostgreSQL suite that never ran cannot look green).
import fs from 'node:fs';

export default class CountsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const projects = {};
    let broken = unhandledErrors.length;
    for (const mod of testModules) {
      const name = mod.project.name || 'default';
      projects[name] ??= { passed: 0, failed: 0, skipped: 0 };
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
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync('.tmp/vitest-counts.json', JSON.stringify({ projects, broken }, null, 2));
  }
}
