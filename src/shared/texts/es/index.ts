// Every word the server writes in Spanish (see ../types.ts).
import type { LanguageTexts } from '../types.ts';
import api from './api.ts';
import { es as heads } from './heads.ts';
import { es as mail } from './mail.ts';

export const es: LanguageTexts = {
  api,
  mail,
  heads,
};
