import { lazy, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LazyWidget, type StandInHandlers } from '../components/lazy-widget';
import { catalogSearchPath } from '../lib/links';
import { HeaderSearchInput } from './header-search-input';
import type { HeaderSearchProps } from './quick-search';

const QuickSearch = lazy(async () => ({ default: (await import('./quick-search')).QuickSearch }));

/**
 * The header's Tonie search (SPEC §2): QuickSearch (quick-search.tsx) with its dialog once its
 * code has loaded. Until then the same field, which searches the catalogue on Enter; what was
 * typed, and the focus, carry over.
 */
export function HeaderSearch({ onSubmitted, className }: HeaderSearchProps) {
  const [draft, setDraft] = useState('');
  return (
    <LazyWidget standIn={(handlers) => <SearchStandIn {...handlers} draft={draft} onDraft={setDraft} onSubmitted={onSubmitted} className={className} />}>
      {(reach) => <QuickSearch onSubmitted={onSubmitted} className={className} initialValue={draft} autoFocus={reach !== null} />}
    </LazyWidget>
  );
}

interface SearchStandInProps extends HeaderSearchProps, StandInHandlers {
  draft: string;
  onDraft: (draft: string) => void;
}

/** The field without its dialog: Enter (or the button) searches the catalogue. */
function SearchStandIn({ reach, forget, draft, onDraft, onSubmitted, className }: SearchStandInProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = draft.trim();
    if (!query) return;
    navigate(catalogSearchPath(query));
    onSubmitted?.();
  };
  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <HeaderSearchInput
        ref={inputRef}
        value={draft}
        onChange={(event) => onDraft(event.currentTarget.value)}
        onFocus={() => reach('focus')}
        onBlur={forget}
        onClear={() => {
          onDraft('');
          inputRef.current?.focus();
        }}
      />
    </form>
  );
}
