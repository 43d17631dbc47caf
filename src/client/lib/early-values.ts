import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
let early: Record<string, string> = {};

// Before hydrating a page the server drew (ADR 058): the value of every field with an id that the
// visitor changed while the script loaded (a date, a number of months, a note; never a password),
// kept by id, since hydrating sets each field back to the value it was drawn with.
export function keepEarlyValues(root: ParentNode): void {
  early = {};
  for (const field of root.querySelectorAll<Field>('input[id], select[id], textarea[id]')) {
    if (
      field instanceof HTMLInputElement &&
      ['password', 'hidden', 'file', 'checkbox', 'radio'].includes(field.type)
    )
      continue;
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((o) => o.selected !== o.defaultSelected)
        : field.value !== field.defaultValue;
    if (changed) early[field.id] = field.value;
  }
}

// The field with this id's value from before the app ran, handed to `take` once the page is the
// app's, and forgotten. Nothing when the visitor left it as it was drawn.
export function useEarlyValue(id: string, take: (value: string) => void): void {
  useEffect(() => {
    const value = early[id];
    if (value === undefined) return;
    delete early[id];
    take(value);
  }, [id, take]);
}
