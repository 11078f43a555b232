// Mantine's TagsInput (with its combobox and floating-ui) loaded after the first render, as
// lazy-widgets.tsx loads the selects: until it is there, a stand-in of the same look shows the
// tags, takes what is typed (the caller holds it) and adds a tag on Enter.
import { lazy } from 'react';
import { Pill, PillsInput } from '@mantine/core';
import type { TagsInputProps } from '@mantine/core';
import { LazyWidget, type StandInHandlers } from './lazy-widget';
import { CLOSED_UNMOUNTED } from './lazy-widgets';

const TagsInput = lazy(async () => ({ default: (await import('./tags-input-widget')).TagsInput }));

type LazyTagsInputProps = Omit<TagsInputProps, 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string[];
  onChange: (value: string[]) => void;
  /** What is typed (controlled: it carries over from the stand-in to the widget). */
  searchValue: string;
  onSearchChange: (search: string) => void;
};

/** Mantine's TagsInput (the chosen tags, what is typed controlled by the caller), loaded lazily. */
export function LazyTagsInput(props: LazyTagsInputProps) {
  return (
    <LazyWidget standIn={(handlers) => <TagsInputStandIn {...props} {...handlers} />}>
      {(reach) => <TagsInput {...props} comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }} autoFocus={props.autoFocus || reach !== null} />}
    </LazyWidget>
  );
}

function TagsInputStandIn({ reach, forget, ...props }: LazyTagsInputProps & StandInHandlers) {
  const { label, description, placeholder, value, onChange, searchValue, onSearchChange, error, disabled, renderPill, maxLength } = props;
  const remove = (tag: string) => onChange(value.filter((v) => v !== tag));
  return (
    <PillsInput label={label} description={description} error={error} disabled={disabled}>
      <Pill.Group>
        {value.map((tag) =>
          renderPill ? (
            <span key={tag}>{renderPill({ option: { value: tag, label: tag }, value: tag, onRemove: () => remove(tag), disabled })}</span>
          ) : (
            <Pill key={tag} withRemoveButton={!disabled} onRemove={() => remove(tag)}>
              {tag}
            </Pill>
          ),
        )}
        <PillsInput.Field
          placeholder={placeholder}
          value={searchValue}
          maxLength={maxLength}
          autoComplete="off"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          onChange={(event) => {
            onSearchChange(event.currentTarget.value);
            reach('focus');
          }}
          onFocus={() => reach('focus')}
          onBlur={forget}
          onKeyDown={(event) => {
            // Enter adds what is typed, as the widget does; Backspace in an empty field removes the last tag.
            if (event.key === 'Enter' && searchValue.trim()) {
              onChange([...value, searchValue]);
              onSearchChange('');
            } else if (event.key === 'Backspace' && searchValue === '' && value.length > 0) onChange(value.slice(0, -1));
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
