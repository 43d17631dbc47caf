// Imported first by main.ts and kept out of its bundle (scripts/build-server.mjs), so it runs before
// any package is loaded (ADR 047). Settings a process reads only when it starts, measured with
// the same 8,000 requests on the demo (server resident memory after them):
// - MALLOC_ARENA_MAX=2: glibc's malloc keeps up to eight arenas per core, and memory freed in one
//   (compression, the threads that do it) stays with the process: 676 MB by default, 359 MB with 2.
// - V8's old generation at most 384 MB: V8 otherwise grows its heap far past what is alive (340 MB
//   held for 111 MB used) before collecting: 484 MB, then 235 MB. The young generation keeps V8's
//   own 16 MB a half: at 8 MB uncached reads (npm run bench:start-settings) ran 13-16 % below
//   Node's defaults; at 1 MB about a third slower. With nothing of a request promoted to the old
//   generation (ADR 047), reads under these settings are within the noise of Node's defaults.
// - --expose-gc: for one memory-reducing collection once the server has started (ops/settle-heap.ts).
// So a process started without them restarts in place (execve: the same pid, no parent left
// behind) with them. A value set in the environment or in NODE_OPTIONS is kept as it is.
const has = (flag) =>
  process.execArgv.some((a) => a.startsWith(flag)) || (process.env.NODE_OPTIONS ?? '').includes(flag);
const flags = ['--max-semi-space-size=16', '--max-old-space-size=384', '--expose-gc'].filter(
  (f) => !has(f.split('=')[0]),
);
if (
  process.platform === 'linux' &&
  typeof process.execve === 'function' &&
  (process.env.MALLOC_ARENA_MAX === undefined || flags.length)
)
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
  );
