import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { RATING_MAX } from '#shared/constants.ts';

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

// 1 to RATING_MAX stars as a radio group (arrow keys move between them).
export function RatingInput({
  value,
  onChange,
  name = 'rating',
}: {
  value: number;
  onChange: (rating: number) => void;
  name?: string;
}) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">
        <Trans>Rating</Trans>
      </legend>
      <div className="flex gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={t`${plural(n, { one: '# star', other: '# stars' })}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'h-7 w-7 transition-colors',
                n <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
