// Mantine's Select, MultiSelect and Tooltip for the first page, their code loaded after the first
// render (LazyWidget): until it is there, a stand-in of the same size and look, built from the
// inputs the page has anyway; a stand-in that is pressed or focused hands that on to the widget.
import { lazy, Suspense, useState, type ComponentType, type KeyboardEvent } from 'react';
import { InputBase, Pill, PillsInput } from '@mantine/core';
import type { MultiSelectProps, SelectProps, TooltipProps } from '@mantine/core';
import { LazyWidget, type StandInHandlers } from './lazy-widget';
import { LoadBoundary } from './load-boundary';
import classes from './lazy-widgets.module.css';

const loadWidgets = () => import('./widgets');
// (Mantine's selects are generic over their value; the app's hold strings.)
const Select = lazy(async () => ({ default: (await loadWidgets()).Select as ComponentType<SelectProps> }));
const MultiSelect = lazy(async () => ({ default: (await loadWidgets()).MultiSelect as ComponentType<MultiSelectProps> }));
const Tooltip = lazy(async () => ({ default: (await loadWidgets()).Tooltip }));

/**
 * A closed dropdown is not rendered. Mantine 9 keeps a combobox's options mounted and hidden by
 * default, and floating-ui positions each hidden list as the widgets arrive: on the catalogue
 * that made the swap from the stand-ins one long task on a phone.
 */
const CLOSED_UNMOUNTED = { keepMounted: false } as const;

/** The keys that open a select's dropdown from the keyboard. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

function onOpeningKey(reach: StandInHandlers['reach']) {
  return (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    reach('open');
  };
}

/** Mantine's Combobox.Chevron, drawn without its stylesheet (which comes with the widgets). */
function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

interface Option {
  value: string;
  label: string;
}

type LazySelectProps = Omit<SelectProps, 'data'> & { data: Option[]; 'data-testid'?: string };

/** Mantine's Select (options as value and label), loaded lazily. */
export function LazySelect(props: LazySelectProps) {
  return (
    <LazyWidget standIn={(handlers) => <SelectStandIn {...props} {...handlers} />}>
      {(reach) => (
        <Select {...props} comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }} autoFocus={props.autoFocus || reach !== null} defaultDropdownOpened={reach === 'open'} />
      )}
    </LazyWidget>
  );
}

function SelectStandIn({ reach, forget, ...props }: LazySelectProps & StandInHandlers) {
  const { label, placeholder, data, value, style, maw, styles, disabled } = props;
  return (
    <InputBase
      label={label}
      placeholder={placeholder}
      value={data.find((option) => option.value === value)?.label ?? ''}
      readOnly
      pointer
      disabled={disabled}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      style={style}
      maw={maw}
      styles={styles as never}
      data-testid={props['data-testid']}
      onMouseDown={() => reach('open')}
      onFocus={() => reach('focus')}
      onBlur={forget}
      onKeyDown={onOpeningKey(reach)}
    />
  );
}

type LazyMultiSelectProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  data: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  'data-testid'?: string;
};

/** Mantine's MultiSelect (options as value and label, chosen values as removable pills), loaded lazily. */
export function LazyMultiSelect(props: LazyMultiSelectProps) {
  // What was typed into the stand-in carries over to the widget's search.
  const [search, setSearch] = useState('');
  return (
    <LazyWidget standIn={(handlers) => <MultiSelectStandIn {...props} {...handlers} search={search} onSearch={setSearch} />}>
      {(reach) => (
        <MultiSelect
          {...props}
          comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }}
          autoFocus={props.autoFocus || reach !== null}
          defaultDropdownOpened={reach === 'open' || (reach === 'focus' && search !== '')}
          defaultSearchValue={search}
        />
      )}
    </LazyWidget>
  );
}

function MultiSelectStandIn({ reach, forget, search, onSearch, ...props }: LazyMultiSelectProps & StandInHandlers & { search: string; onSearch: (search: string) => void }) {
  const { label, placeholder, data, value, onChange, style, maw, styles, disabled } = props;
  const labelOf = (chosen: string) => data.find((option) => option.value === chosen)?.label ?? chosen;
  return (
    <PillsInput
      label={label}
      style={style}
      maw={maw}
      styles={styles as never}
      disabled={disabled}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onMouseDown={() => reach('open')}
    >
      <Pill.Group>
        {value.map((chosen) => (
          <Pill key={chosen} withRemoveButton={!disabled} onRemove={() => onChange(value.filter((v) => v !== chosen))} removeButtonProps={{ 'aria-hidden': true, tabIndex: -1 }}>
            {labelOf(chosen)}
          </Pill>
        ))}
        <PillsInput.Field
          placeholder={placeholder}
          value={search}
          onChange={(event) => {
            onSearch(event.currentTarget.value);
            reach('focus');
          }}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          data-testid={props['data-testid']}
          onFocus={() => reach('focus')}
          onBlur={forget}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && search === '' && value.length > 0) onChange(value.slice(0, -1));
            else if (event.key !== ' ') onOpeningKey(reach)(event);
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/** Mantine's Tooltip, loaded lazily: until then (or if it cannot load), the element without its tooltip. */
export function LazyTooltip(props: TooltipProps) {
  return (
    <LoadBoundary fallback={props.children}>
      <Suspense fallback={props.children}>
        <Tooltip {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
