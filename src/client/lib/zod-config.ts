// Zod 4 probes `new Function('')` before its first object parse to pick a faster path; under our CSP
// (script-src 'self', no 'unsafe-eval') the probe is refused and reported. jitless skips it.
// Imported first by main.tsx, so it runs before any other module. Zod keeps its settings on
// globalThis.__zod_globalConfig (what z.config() writes): set there, the entry needs none of Zod's
// code (zod-config.test.ts checks that Zod reads it).
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
