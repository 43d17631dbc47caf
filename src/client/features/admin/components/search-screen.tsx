import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Loaded, Pager, pageParam, ScreenHeader, SearchForm } from './parts.tsx';

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

// What a searched, paged console list reads from the address: ?q= and ?page=.
export function useSearchPage() {
  const [params] = useSearchParams();
  return { q: params.get('q') ?? '', page: pageParam(params) };
}

// A console list searched on submit and paged through (/admin/users, /admin/listings): its
// heading and search box, its loading, error and empty states, its rows and its pager. A new
// search starts at page 1; a page keeps the search.
export function SearchScreen<T>({
  id,
  title,
  label,
  placeholder,
  q,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  label: string;
  placeholder: string;
  q: string;
  query: { isLoading: boolean; isError: boolean; error: unknown; data?: Page<T> };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const [, setParams] = useSearchParams();
  const data = query.data;
  return (
    <section aria-labelledby={id}>
      <ScreenHeader title={title} id={id}>
        <SearchForm
          key={q}
          label={label}
          placeholder={placeholder}
          initial={q}
          onSearch={(next) => setParams(next ? { q: next } : {})}
        />
      </ScreenHeader>
      <Loaded query={query} isEmpty={!data?.items.length} empty={empty}>
        {data ? children(data.items) : null}
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}
