import { configure, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import { PlaceInput } from './place-input.tsx';

// A shared machine can be slow to render the first screen (catalogues, lazy parts): wait, up to a bound.
configure({ asyncUtilTimeout: 5000 });

// The place box as the hero uses it: the list in the flow, the form's button below it. The list's
// code (place-suggestions.tsx, loaded with the first letters) follows the presses (ADR 051, 028).
function Hero() {
  const [where, setWhere] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="where">Where</label>
      <PlaceInput icon={MapPin} id="where" inline value={where} onValue={setWhere} />
      <button type="submit">Find</button>
    </form>
  );
}

async function hero() {
  stubApi((_m, url) =>
    url.pathname === '/api/places'
      ? {
          body: /^seat/i.test(url.searchParams.get('q') ?? '')
            ? [
                { city: 'Seattle', state: 'WA', listings: 4 },
                { city: 'Seat Pleasant', state: 'MD', listings: 0 },
              ]
            : [],
        }
      : undefined,
  );
  await renderAt(<Hero />);
  const box = screen.getByRole('combobox', { name: 'Where' });
  await userEvent.setup().type(box, 'seat');
  await screen.findByRole('option', { name: /Seattle, WA/ });
  return { box, button: screen.getByRole('button', { name: 'Find' }) };
}

describe('PlaceInput', () => {
  it('left by a press elsewhere, keeps the list until the press is released', async () => {
    const { box, button } = await hero();
    fireEvent.pointerDown(button);
    fireEvent.blur(box);
    // Still there while the pointer is down: the button below has not moved from under it.
    expect(screen.queryByRole('listbox')).not.toBeNull();
    fireEvent.pointerUp(button);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('left without a press (Tab), closes the list at once', async () => {
    const { box } = await hero();
    fireEvent.blur(box);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
