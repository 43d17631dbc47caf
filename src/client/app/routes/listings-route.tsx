import ListingsPage from '#client/features/listings/components/listings-page.tsx';
import { SaveButton } from '#client/features/saved/components/save-button.tsx';
import { SaveSearchButton } from '#client/features/saved/components/save-search-button.tsx';

// /listings: the search page, with a heart on each card and "Save this search".
export default function ListingsRoute() {
  return (
    <ListingsPage
      cardAction={(l) => <SaveButton listingId={l.id} title={l.title} titles={l.titles} />}
      searchAction={<SaveSearchButton />}
    />
  );
}
