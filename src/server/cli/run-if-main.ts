import path from 'node:path';
import { pathToFileURL } from 'node:url';

// A command-line module (npm run admin, backup, restore) runs its main when Node starts it
// directly, not when a test imports it; its exit code is main's, 1 with the message on a throw.
export function runIfMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error((err as Error).message);
      process.exit(1);
    },
  );
}
