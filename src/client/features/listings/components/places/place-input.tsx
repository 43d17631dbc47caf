import { type ComponentProps, lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { IconInput } from '#client/components/ui/input.tsx';

// The list of places loads with the first letters typed: the box itself costs the first visit
// almost nothing (ADR 028's budget; ADR 038).
const PlaceSuggestions = lazy(() => import('./place-suggestions.tsx'));

export type KeyHandler = RefObject<((key: string) => boolean) | null>;

type Props = Omit<ComponentProps<typeof IconInput>, 'value' | 'onChange'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  // A place chosen from the list ("Portland, OR").
  onPick?: (label: string) => void;
  // The list in the flow, pushing what is below down rather than covering it (the hero's button).
  inline?: boolean;
};

// A location box that suggests places as they are typed, misspelt or partial (a combobox).
// The list closes on Enter (the form is sent), Escape, a pick and leaving the box (ADR 051).
export function PlaceInput({ id, value, onValue, onPick, inline = false, ...input }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | undefined>();
  const keys: KeyHandler = useRef(null);
  const list = `${id}-places`;
  const show = open && value.trim().length >= 2;
  // Left by a press elsewhere (the form's button), the list closes once the press is released: an
  // inline list closing at once would move the button from under the pointer before its click.
  // The list's code follows the presses while it is open.
  const pressed = useRef(false);
  const close = () => setOpen(false);
  return (
    <div className="relative">
      <IconInput
        {...input}
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={show}
        aria-controls={list}
        aria-activedescendant={show ? active : undefined}
        value={value}
        onChange={(e) => {
          onValue(e.target.value);
          setOpen(true);
        }}
        onBlur={() => {
          if (pressed.current) document.addEventListener('pointerup', close, { once: true });
          else close();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          else if (show && keys.current?.(e.key)) e.preventDefault();
          if (e.key === 'Enter') setOpen(false);
        }}
      />
      {show ? (
        <Suspense fallback={null}>
          <PlaceSuggestions
            id={list}
            inline={inline}
            text={value}
            keys={keys}
            pressed={pressed}
            onActive={setActive}
            onPick={(label) => {
              onValue(label);
              setOpen(false);
              onPick?.(label);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
