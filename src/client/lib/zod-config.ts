import { config } from 'zod/v4/core';

// Zod 4 probes `new Function('')` before its first object parse to pick a faster path; under our CSP
// (script-src 'self', no 'unsafe-eval') the probe is refused and reported. jitless skips it.
// Imported first by main.tsx, so it runs before any other module.
config({ jitless: true });
