import { Plural } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { cn } from '#client/lib/utils.ts';
import { placeLabel } from '#shared/place-label.ts';
import { placesQuery } from '../../api/places.ts';
import type { KeyHandler } from './place-input.tsx';

// How long typing pauses before the places are asked for.
const PAUSE_MS = 150;
const PRESS = ['pointerdown', 'pointerup'];

type Props = {
  id: string;
  inline: boolean;
  text: string;
  keys: KeyHandler;
  // Whether a pointer is down anywhere on the page while the list is open (see PlaceInput).
  pressed: RefObject<boolean>;
  onActive: (optionId: string | undefined) => void;
  onPick: (label: string) => void;
};

// The places for what is typed (GET /api/places), ranked by their listings; arrows move, Enter picks.
export default function PlaceSuggestions({ id, inline, text, keys, pressed, onActive, onPick }: Props) {
  useEffect(() => {
    const press = (e: Event) => {
      pressed.current = e.type === 'pointerdown';
    };
    for (const type of PRESS) document.addEventListener(type, press, true);
    return () => {
      for (const type of PRESS) document.removeEventListener(type, press, true);
    };
  }, [pressed]);
  const [asked, setAsked] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const places = useQuery(placesQuery(asked));
  const options = places.data ?? [];
  const [index, setIndex] = useState(-1);
  const optionId = (i: number) => `${id}-${i}`;

  // A place typed out in full ("Boise, ID") needs no list: it would only cover the button below.
  const typed = text.trim().toLowerCase();
  const chosen = options.some((p) => placeLabel(p).toLowerCase() === typed);

  useEffect(() => {
    onActive(!chosen && index >= 0 && index < options.length ? optionId(index) : undefined);
  });
  keys.current = (key) => {
    if (!options.length || chosen) return false;
    if (key === 'ArrowDown') setIndex((i) => (i + 1) % options.length);
    else if (key === 'ArrowUp') setIndex((i) => (i <= 0 ? options.length - 1 : i - 1));
    else if (key === 'Enter' && index >= 0 && options[index]) onPick(placeLabel(options[index]));
    else return false;
    return true;
  };

  if (!options.length || chosen) return null;
  return (
    <div
      id={id}
      role="listbox"
      className={cn(
        'mt-1 overflow-hidden rounded-lg border border-border bg-card py-1 text-sm',
        inline ? 'relative' : 'absolute inset-x-0 top-full z-30 shadow-lg',
      )}
    >
      {options.map((p, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
        <div
          key={`${p.city}|${p.state}`}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === index}
          className={cn(
            'flex cursor-pointer items-center justify-between gap-3 px-3 py-2',
            i === index ? 'bg-secondary' : 'hover:bg-muted',
          )}
          // Before the input's blur, so the click lands.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(placeLabel(p))}
        >
          <span>{placeLabel(p)}</span>
          {p.listings ? (
            <span className="text-xs text-muted-foreground">
              <Plural value={p.listings} one="# space" other="# spaces" />
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
