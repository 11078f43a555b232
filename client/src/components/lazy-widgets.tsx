// Mantine's Select, MultiSelect and Tooltip for the first page, their code loaded after the first
// render (LazyWidget): until it is there, a stand-in of the same size and look, built from the
// inputs the page has anyway; a stand-in that is pressed or focused hands that on to the widget.
import { lazy, Suspense, useId, useState, type ComponentType, type KeyboardEvent } from 'react';
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
export const CLOSED_UNMOUNTED = { keepMounted: false } as const;

/**
 * A press on a stand-in opens the widget. When the widget arrives between the press and its
 * click, the click lands on the widget, which came open and would toggle shut: that one click is
 * let go of. The next press ends the watch (the click may have gone to the stand-in instead).
 */
function letGoOfTheClick(widget: string): void {
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest(`[data-lazy-widget="${widget}"]`)) event.stopPropagation();
    stop();
  };
  const stop = () => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('mousedown', stop, true);
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('mousedown', stop, true);
}

/** The keys that open a select's dropdown from the keyboard. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

function onOpeningKey(reach: StandInHandlers['reach']) {
  return (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    reach('open');
  };
}

/**
 * Mantine's Combobox.Chevron (two small arrows), drawn as strokes of the same width without its
 * stylesheet (which comes with the widgets).
 */
function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden>
      <path d="M5 5.75l2.5-2.5 2.5 2.5M5 9.25l2.5 2.5 2.5-2.5" stroke="currentColor" strokeWidth={0.9} strokeLinecap="round" strokeLinejoin="round" />
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
  const widget = useId();
  return (
    <LazyWidget standIn={(handlers) => <SelectStandIn {...props} {...handlers} widget={widget} />}>
      {(reach) => (
        <Select
          {...props}
          data-lazy-widget={widget}
          comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }}
          autoFocus={props.autoFocus || reach !== null}
          defaultDropdownOpened={reach === 'open'}
        />
      )}
    </LazyWidget>
  );
}

function SelectStandIn({ reach, forget, widget, ...props }: LazySelectProps & StandInHandlers & { widget: string }) {
  const { label, placeholder, data, value, style, maw, styles, disabled, description, inputWrapperOrder, error, required } = props;
  return (
    <InputBase
      label={label}
      description={description}
      inputWrapperOrder={inputWrapperOrder}
      error={error}
      required={required}
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
      onMouseDown={(event) => {
        // Focused here, not by the browser after the press: the widget may replace the stand-in
        // within this press, and the browser would then put the focus on the page (closing it).
        event.preventDefault();
        event.currentTarget.focus();
        reach('open');
        letGoOfTheClick(widget);
      }}
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
  const widget = useId();
  // What was typed into the stand-in carries over to the widget's search.
  const [search, setSearch] = useState('');
  return (
    <LazyWidget standIn={(handlers) => <MultiSelectStandIn {...props} {...handlers} widget={widget} search={search} onSearch={setSearch} />}>
      {(reach) => (
        <MultiSelect
          {...props}
          data-lazy-widget={widget}
          comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }}
          autoFocus={props.autoFocus || reach !== null}
          defaultDropdownOpened={reach === 'open' || (reach === 'focus' && search !== '')}
          defaultSearchValue={search}
        />
      )}
    </LazyWidget>
  );
}

function MultiSelectStandIn({
  reach,
  forget,
  widget,
  search,
  onSearch,
  ...props
}: LazyMultiSelectProps & StandInHandlers & { widget: string; search: string; onSearch: (search: string) => void }) {
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
      onMouseDown={(event) => {
        // As the select's stand-in: focused here, not by the browser after the press.
        event.preventDefault();
        event.currentTarget.querySelector('input')?.focus();
        reach('open');
        letGoOfTheClick(widget);
      }}
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
