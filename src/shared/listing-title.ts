// A listing's title in the reader's language: Yardshare's own generated titles come with their
// translations (`titles`, ADR 038); a host's title, and English, show the title as written.
export function localTitle(
  l: { title: string; titles?: Partial<Record<string, string>> },
  locale: string,
): string {
  return l.titles?.[locale] ?? l.title;
}
