import { Trans, useLingui } from '@lingui/react/macro';
import { MapPin } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { PlaceInput } from './places/place-input.tsx';

const RADII = [10, 25, 50, 100, 250];

export const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring';

type Props = {
  id: string;
  near: string;
  radiusKm: string;
  onNear: (value: string) => void;
  onRadius: (value: string) => void;
};

// "Near a place": the same box as the search's, suggesting places misspelt or partial ("Seatle":
// Seattle, WA), and how far from it (ADR 051). Its names are the address's: near, radiusKm.
export function NearPlaceField({ id, near, radiusKm, onNear, onRadius }: Props) {
  const { t } = useLingui();
  return (
    <fieldset className="space-y-1.5 sm:col-span-2">
      <legend className="text-sm font-medium">
        <Trans>Near a place</Trans>
      </legend>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <PlaceInput
            icon={MapPin}
            id={id}
            name="near"
            aria-label={t`Near a place (city, state)`}
            placeholder={t`City, State`}
            value={near}
            onValue={onNear}
          />
        </div>
        <select
          aria-label={t`Distance`}
          name="radiusKm"
          className={cn(selectClass, 'w-28 shrink-0')}
          value={radiusKm}
          onChange={(e) => onRadius(e.target.value)}
        >
          {RADII.map((r) => (
            <option key={r} value={String(r)}>
              {r} km
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
