// A file field as one button: Mantine's Dropzone (drag, click, Enter or Space) under its visible
// label, named by that label and what it shows ('Audio file * Drag an MP3 or WAV file here…' or
// the chosen file), with its error tied to it. Used by the audio form and the set editor.
import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Dropzone } from '@mantine/dropzone';
import type { DropzoneProps } from '@mantine/dropzone';
import classes from './publishable.module.css';

type FileDropzoneProps = Omit<DropzoneProps, 'children' | 'role' | 'inputProps'> & {
  /** The visible label; the button's name starts with it. */
  label: string;
  /** A required field: the label's asterisk is part of the name (a button cannot be aria-required). */
  required?: boolean;
  /**
   * What the dropzone shows (how to choose a file, or the chosen one); the rest of its name. Put a
   * space ({' '}) between its lines: axe reads block lines run together, the name with spaces.
   */
  children: ReactNode;
  /** Shown under the dropzone, and its description (not an alert as well: it would be said twice). */
  error?: ReactNode;
  errorTestId?: string;
  /** Beside the dropzone (a cover's preview). */
  aside?: ReactNode;
  /** The block with the label, the dropzone and the error (to scroll to it). */
  wrapperRef?: Ref<HTMLDivElement>;
};

export function FileDropzone({ label, required = false, children, error, errorTestId, aside, wrapperRef, className, ...dropzoneProps }: FileDropzoneProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const contentId = `${id}-content`;
  const errorId = `${id}-error`;
  const zone = (
    <Dropzone
      {...dropzoneProps}
      role="button"
      aria-labelledby={`${labelId} ${contentId}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={className ? `${classes.dropzone} ${className}` : classes.dropzone}
      // The file input is not shown and not in the tab order: the button opens it.
      inputProps={{ 'aria-label': label, style: { display: 'none' }, tabIndex: -1 }}
    >
      <div id={contentId} style={{ pointerEvents: 'none' }}>
        {children}
      </div>
    </Dropzone>
  );
  return (
    <Stack gap={4} ref={wrapperRef}>
      <Text fz="sm" fw={500} id={labelId}>
        {label}
        {required ? (
          <Text span c="red">
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      {aside ? (
        <div style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch' }}>
          {aside}
          {zone}
        </div>
      ) : (
        zone
      )}
      {error ? (
        <Text fz="xs" c="red" id={errorId} data-testid={errorTestId}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A dropzone's icon: an upload arrow while an accepted file is over it, a cross for a refused one, else `idle`. */
export function DropzoneStateIcon({ idle: Idle, size }: { idle: Icon; size: number }) {
  return (
    <>
      <Dropzone.Accept>
        <IconUpload size={size} color="var(--mantine-color-blue-6)" aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={size} color="var(--mantine-color-red-6)" aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <Idle size={size} color="var(--mantine-color-dimmed)" aria-hidden />
      </Dropzone.Idle>
    </>
  );
}
