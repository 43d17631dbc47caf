// Every word the server writes in German (see ../types.ts).
import type { LanguageTexts } from '../types.ts';
import api from './api.ts';
import { de as heads } from './heads.ts';
import { de as mail } from './mail.ts';

export const de: LanguageTexts = {
  api,
  mail,
  heads,
};
