// A listing's texts in the reader's language: Yardshare's own generated title and description come
// with their translations (`titles`, `descriptions`, ADR 038); a host's words, and English, show
// as written.
type Translations = Partial<Record<string, string>>;

export const localText = (written: string, translations: Translations | undefined, locale: string): string =>
  translations?.[locale] ?? written;

export const localTitle = (l: { title: string; titles?: Translations }, locale: string): string =>
  localText(l.title, l.titles, locale);

export const localDescription = (l: { description: string; descriptions?: Translations }, locale: string) =>
  localText(l.description, l.descriptions, locale);
