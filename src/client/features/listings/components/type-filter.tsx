import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import type { ListingType } from '#shared/constants.ts';
import { KeptParams } from './kept-params.tsx';

const FILTERS: { value: ListingType | 'all'; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All Spaces` },
  { value: 'rental', label: msg`Paid Spaces` },
  { value: 'exchange', label: msg`Work Exchange` },
  { value: 'community', label: msg`Free Community` },
];

type Props = {
  type?: ListingType;
  onType: (type: ListingType | undefined) => void;
  action: string;
  params: URLSearchParams;
};

// The type buttons: each sends a plain GET form with its type and the address's other parameters,
// so they work before and without the script; with it, the page's address changes in place (ADR 051).
export function TypeFilter({ type, onType, action, params }: Props) {
  const { i18n } = useLingui();
  return (
    <form method="get" action={action}>
      <KeptParams params={params} owned={['type']} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">
          <Trans>Filter by type</Trans>
        </legend>
        {FILTERS.map((f) => {
          const active = (type ?? 'all') === f.value;
          return (
            <Button
              key={f.value}
              type="submit"
              name="type"
              value={f.value === 'all' ? '' : f.value}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              onClick={(e) => {
                e.preventDefault();
                onType(f.value === 'all' ? undefined : f.value);
              }}
            >
              {i18n._(f.label)}
            </Button>
          );
        })}
      </fieldset>
    </form>
  );
}
