// Every word the server writes in English (see ../types.ts).
import type { LanguageTexts } from '../types.ts';
import { en as heads } from './heads.ts';
import { en as mail } from './mail.ts';

export const en: LanguageTexts = {
  // English has no table: its messages are the keys of the others'.
  api: {},
  mail,
  heads,
};
