// Every word the server writes in French (see ../types.ts).
import type { LanguageTexts } from '../types.ts';
import api from './api.ts';
import { fr as heads } from './heads.ts';
import { fr as mail } from './mail.ts';

export const fr: LanguageTexts = {
  api,
  mail,
  heads,
};
