// Mantine's Select, MultiSelect and Tooltip for the first page: the widget itself once the
// dropdown widgets have loaded (widgets-loader.ts), and until then a stand-in of the same size and
// look, built from the inputs the page has anyway. A stand-in that is pressed or focused fetches
// the widgets at once, and the widget then opens or takes the focus as the visitor asked.
import { useId, useState, type KeyboardEvent } from 'react';
import { InputBase, Pill, PillsInput } from '@mantine/core';
import type { MultiSelectProps, SelectProps, TooltipProps } from '@mantine/core';
import { forgetReach, isLastReached, reachWidget, useWidgets } from './widgets-loader';
import classes from './deferred-widgets.module.css';

/** What the visitor did to a stand-in: pressed it (open the dropdown) or focused it. */
type Reach = 'open' | 'focus' | null;

/**
 * What the visitor did to this stand-in, as long as it still counts (it was the last one reached
 * for, a moment ago, and has kept the focus); a way to record a reach; and one to forget it.
 */
function useReach(): [Reach, (reach: 'open' | 'focus') => void, () => void] {
  const id = useId();
  const [reach, setReach] = useState<Reach>(null);
  return [
    reach !== null && isLastReached(id) ? reach : null,
    (next) => {
      setReach((previous) => (previous === 'open' ? previous : next));
      reachWidget(id, next === 'open');
    },
    () => {
      forgetReach(id);
      setReach(null);
    },
  ];
}

/**
 * A closed dropdown is not rendered. Mantine 9 keeps a combobox's options mounted and hidden by
 * default, and floating-ui positions each hidden list as the widgets arrive: on the catalogue
 * that made the swap from the stand-ins one ~200 ms task on a phone.
 */
const CLOSED_UNMOUNTED = { keepMounted: false } as const;

/** The keys that open a select's dropdown from the keyboard. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

function onOpeningKey(reach: (r: 'open') => void) {
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

type DeferredSelectProps = Omit<SelectProps, 'data'> & { data: Option[]; 'data-testid'?: string };

/** Mantine's Select (options as value and label), deferred. */
export function DeferredSelect(props: DeferredSelectProps) {
  const widgets = useWidgets();
  const [reach, setReach, forget] = useReach();
  if (widgets) {
    return (
      <widgets.Select
        {...props}
        comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }}
        autoFocus={props.autoFocus || reach !== null}
        defaultDropdownOpened={reach === 'open'}
      />
    );
  }
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
      onMouseDown={() => setReach('open')}
      onFocus={() => setReach('focus')}
      onBlur={forget}
      onKeyDown={onOpeningKey(setReach)}
    />
  );
}

type DeferredMultiSelectProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  data: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  'data-testid'?: string;
};

/** Mantine's MultiSelect (options as value and label, chosen values as removable pills), deferred. */
export function DeferredMultiSelect(props: DeferredMultiSelectProps) {
  const widgets = useWidgets();
  const [reach, setReach, forget] = useReach();
  const [search, setSearch] = useState('');
  if (widgets) {
    return (
      <widgets.MultiSelect
        {...props}
        comboboxProps={{ ...CLOSED_UNMOUNTED, ...props.comboboxProps }}
        autoFocus={props.autoFocus || reach !== null}
        defaultDropdownOpened={reach === 'open' || (reach === 'focus' && search !== '')}
        defaultSearchValue={search}
      />
    );
  }
  const { label, placeholder, data, value, onChange, style, maw, styles, disabled } = props;
  const labelOf = (chosen: string) => data.find((option) => option.value === chosen)?.label ?? chosen;
  return (
    <PillsInput label={label} style={style} maw={maw} styles={styles as never} disabled={disabled} rightSection={<Chevron />} rightSectionPointerEvents="none" onMouseDown={() => setReach('open')}>
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
            setSearch(event.currentTarget.value);
            setReach('focus');
          }}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          data-testid={props['data-testid']}
          onFocus={() => setReach('focus')}
          onBlur={forget}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && search === '' && value.length > 0) onChange(value.slice(0, -1));
            else if (event.key !== ' ') onOpeningKey(setReach)(event);
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/** Mantine's Tooltip, deferred: until the widgets have loaded, the element without its tooltip. */
export function DeferredTooltip(props: TooltipProps) {
  const widgets = useWidgets();
  return widgets ? <widgets.Tooltip {...props} /> : props.children;
}
