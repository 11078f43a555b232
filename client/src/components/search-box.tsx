import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { CATALOGUE_SEARCH_DEBOUNCE_MS } from '@tonieshelf/shared/values/tonie';
import { SEARCH_MAX_LENGTH } from '@tonieshelf/shared/values/common';

interface SearchBoxProps {
  /** The search as the page holds it (e.g. in the address). */
  value: string;
  /** Called 300 ms after typing stops, or at once on Enter and clear. */
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  clearLabel: string;
  /** Hand on every keystroke (client-side filters) instead of after a 300 ms pause. */
  immediate?: boolean;
  /** The box's basis width in px. */
  width?: number;
}

/**
 * A search box with a clear button that hands its text on 300 ms after typing pauses (SPEC §2),
 * or at once on Enter and clear. When `value` changes by other means (the header search, Back,
 * Clear All Filters) the box follows it; the echo of its own last search never overwrites what
 * was typed since.
 */
export function SearchBox({ value, onSearch, placeholder, label, clearLabel, immediate = false, width = 240 }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const sent = useRef(value.trim());
  const send = (next: string) => {
    sent.current = next.trim();
    onSearch(next);
  };
  const debounced = useDebouncedCallback(send, CATALOGUE_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value.trim() === sent.current) return;
    sent.current = value.trim();
    debounced.cancel();
    setText(value);
  }, [value, debounced]);

  const now = (next: string) => {
    debounced.cancel();
    send(next);
  };

  return (
    <TextInput
      ref={inputRef}
      type="search"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (immediate) now(next);
        else debounced(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') now(text);
      }}
      placeholder={placeholder}
      aria-label={label}
      maxLength={SEARCH_MAX_LENGTH}
      autoComplete="off"
      enterKeyHint="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={clearLabel}
            onClick={() => {
              setText('');
              now('');
              inputRef.current?.focus();
            }}
          />
        ) : null
      }
      style={{ flex: `1000 1 ${width}px`, minWidth: 0 }}
    />
  );
}
