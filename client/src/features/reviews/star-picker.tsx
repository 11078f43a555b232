// The review form's star picker: one radio group of 1-5 stars built on native radios, so the
// browser gives it one tab stop, arrow keys that move and select, and a screen reader hears
// 'Your rating, radio group, 4 stars, checked, 4 of 5'. Nothing is selected until the user picks.
// (Mantine's Rating always renders a checked '0 stars' radio, which is why this is not it.)
import { useState } from 'react';
import type { Ref } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import classes from './star-picker.module.css';

interface StarPickerProps {
  /** The chosen stars; 0 is none. */
  value: number;
  onChange: (value: number) => void;
  /** How many stars (5). */
  count: number;
  /** The radios' shared name (unique on the page). */
  name: string;
  /** The id of the group's visible label ('Your rating'). */
  labelledBy: string;
  /** Each star's name: '1 star', '4 stars'. */
  starLabel: (n: number) => string;
  /** The id of the error that says a rating is missing; given, the group is invalid and described by it. */
  errorId?: string;
  /** The first radio, to move focus to the group (after an invalid submit). */
  firstRadioRef?: Ref<HTMLInputElement>;
  size?: number;
  'data-testid'?: string;
}

export function StarPicker({ value, onChange, count, name, labelledBy, starLabel, errorId, firstRadioRef, size = 28, 'data-testid': testId }: StarPickerProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-required="true"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className={classes.group}
      onMouseLeave={() => setHovered(0)}
      data-testid={testId}
    >
      {Array.from({ length: count }, (_, i) => {
        const n = i + 1;
        const id = `${name}-${n}`;
        return (
          <span key={n}>
            <input
              ref={n === 1 ? firstRadioRef : undefined}
              type="radio"
              className={classes.input}
              id={id}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <label htmlFor={id} className={classes.star} data-full={n <= shown || undefined} onMouseEnter={() => setHovered(n)}>
              <IconStarFilled size={size} aria-hidden />
              <VisuallyHidden>{starLabel(n)}</VisuallyHidden>
            </label>
          </span>
        );
      })}
    </div>
  );
}
