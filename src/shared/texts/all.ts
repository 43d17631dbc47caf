// Every language's texts, for the server: it writes in the reader's language (an e-mail, a head,
// an API message), so it holds them all. The browser loads only its page's language: one
// <lang>/api.ts (./index.ts) and one <lang>/heads.ts (client/lib/head-apply.ts).
import type { Locale } from '../i18n.ts';
import { de } from './de/index.ts';
import { en } from './en/index.ts';
import { es } from './es/index.ts';
import { fr } from './fr/index.ts';
import { ja } from './ja/index.ts';
import type { LanguageTexts } from './types.ts';

export const TEXTS: Record<Locale, LanguageTexts> = { en, es, fr, de, ja };
