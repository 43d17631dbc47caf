import { Trans, useLingui } from '@lingui/react/macro';
import { Leaf, Search } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { IconInput } from '#client/components/ui/input.tsx';
import { KeptParams } from './kept-params.tsx';
import { PlaceInput } from './places/place-input.tsx';

type Props = {
  place: string;
  keywords: string;
  onPlace: (value: string) => void;
  onKeywords: (value: string) => void;
  // Searches for the place and keywords given (a place picked from the list searches at once).
  onSearch: (place: string, keywords: string) => void;
  // The plain form's address, and the page's parameters it keeps (type, filters).
  action: string;
  params: URLSearchParams;
};

// The browse page's search: a place (with suggestions as it is typed) and keywords. A plain GET
// form first, named as the address's location and q, so it works without the script (ADR 051).
export function ListingsSearchForm({
  place,
  keywords,
  onPlace,
  onKeywords,
  onSearch,
  action,
  params,
}: Props) {
  const { t } = useLingui();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the widely supported landmark
    <form
      role="search"
      method="get"
      action={action}
      className="mt-6 flex flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(place, keywords);
      }}
    >
      <KeptParams params={params} owned={['location', 'q', 'cursor']} />
      <label htmlFor="listings-search" className="sr-only">
        <Trans>Search by city or state</Trans>
      </label>
      <div className="flex-1">
        <PlaceInput
          icon={Search}
          id="listings-search"
          name="location"
          placeholder={t`Search by city or state`}
          value={place}
          onValue={onPlace}
          onPick={(picked) => onSearch(picked, keywords)}
        />
      </div>
      <label htmlFor="listings-keywords" className="sr-only">
        <Trans>Search by keyword</Trans>
      </label>
      <div className="flex-1">
        <IconInput
          icon={Leaf}
          id="listings-keywords"
          name="q"
          type="search"
          placeholder={t`Keywords: tomatoes, greenhouse...`}
          value={keywords}
          onChange={(e) => onKeywords(e.target.value)}
        />
      </div>
      <Button type="submit">
        <Trans>Search Spaces</Trans>
      </Button>
    </form>
  );
}
