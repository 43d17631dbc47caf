// The completeness check of the texts the server writes (ADR 035), run by npm test:
//   node scripts/check-texts.mjs   every language of src/shared/texts has every table, every key of
//                                  English's mail.ts and heads.ts, a translation of every API
//                                  message, and only its English text's placeholders.
// The UI's Lingui catalogues have theirs: scripts/check-catalogues.mjs.
import { join } from 'node:path';
import { textProblems } from '../src/shared/texts/completeness.ts';

const problems = textProblems(join(import.meta.dirname, '..'));
if (problems.length > 0) {
  console.error(`${problems.join('\n')}\n\n${problems.length} problem(s) in src/shared/texts.`);
  process.exit(1);
}
console.log('src/shared/texts: every language has every text.');
