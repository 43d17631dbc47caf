// Every word the server writes in Japanese (see ../types.ts).
import type { LanguageTexts } from '../types.ts';
import api from './api.ts';
import { ja as heads } from './heads.ts';
import { ja as mail } from './mail.ts';

export const ja: LanguageTexts = {
  api,
  mail,
  heads,
};
