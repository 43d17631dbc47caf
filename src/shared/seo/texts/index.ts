// Every language's head texts, for the server (the browser loads only its page's language).
import type { Locale } from '../../i18n.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import type { HeadTexts } from './types.ts';

export const HEAD_TEXTS: Record<Locale, HeadTexts> = { en, es, fr, de, ja };
