/**
 * The one search box. On the search page every keystroke updates the results (and the URL, so the
 * search can be shared); elsewhere it suggests the best matches as you type, and Enter opens the
 * search page.
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useQuickSearch } from '../api/search';
import { summarize } from '../entity/summary';
import type { SearchParams } from '../router';
import { PlatformIcon } from './Labels';

export function SearchBox() {
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const onSearchPage = location.pathname === '/search';
  const urlQuery = onSearchPage ? String((location.search as { q?: string }).q ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const [open, setOpen] = useState(false);

  // Following the URL when it changes from elsewhere (back, a link, a facet).
  useEffect(() => {
    if (onSearchPage) setText(urlQuery);
  }, [onSearchPage, urlQuery]);

  const suggestions = useQuickSearch(!onSearchPage && open ? text : '');
  const results = suggestions.data?.searchResults ?? [];

  const change = (value: string) => {
    setText(value);
    if (onSearchPage) {
      const current = location.search as SearchParams;
      void navigate({ to: '/search', search: { ...current, q: value || undefined, page: undefined }, replace: true });
    } else {
      setOpen(value.trim().length > 0);
    }
  };

  return (
    <form
      className="searchbox"
      onSubmit={(e) => {
        e.preventDefault();
        setOpen(false);
        void navigate({ to: '/search', search: { q: text.trim() || undefined } });
      }}
    >
      <input
        type="search"
        aria-label="Search"
        placeholder="Search datasets, dashboards, pipelines, people, terms…"
        value={text}
        onChange={(e) => change(e.target.value)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(!onSearchPage && text.trim().length > 0)}
        autoComplete="off"
      />
      {open && results.length > 0 && (
        <ul className="suggestions" aria-label="Suggestions">
          {results.map((r: any) => {
            const s = summarize(r.entity);
            return (
              <li key={s.urn}>
                <Link to="/entity/$urn" params={{ urn: s.urn }} onClick={() => setOpen(false)}>
                  <PlatformIcon platform={s.platform} />
                  <span className="name">{s.name}</span>
                  <span className="muted">{s.subType ?? s.type.label}</span>
                </Link>
              </li>
            );
          })}
          <li className="all">
            <Link to="/search" search={{ q: text.trim() }} onClick={() => setOpen(false)}>
              All results for “{text.trim()}” ({suggestions.data?.total ?? 0})
            </Link>
          </li>
        </ul>
      )}
    </form>
  );
}
