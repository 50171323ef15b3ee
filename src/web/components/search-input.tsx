/**
 * The table toolbar's search box. Keeps its own text while typing and reports it ~300 ms after
 * the last keystroke; a search changed elsewhere (back button, link) replaces the text.
 */
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { bindText } from '../lib/use-form-errors';
import { IconTooltip } from './icon-tooltip';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  /** The search currently applied (from the URL). */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}

export function SearchInput({ value, onSearch, placeholder = 'Search' }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);

  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearch(next);
  }, [debounced, onSearch]);

  // Only an outside change (not the echo of our own search) may overwrite what the user typed.
  useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setText(value);
  }, [value]);

  return (
    <TextInput
      aria-label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <IconTooltip label="Clear search">
            <CloseButton aria-label="Clear search" size="sm" onClick={() => setText('')} />
          </IconTooltip>
        ) : null
      }
      {...bindText(text, setText)}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
