import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import { Input, PinInput } from '@mantine/core';
import { useAuthTexts } from './auth-texts';

export const CODE_LENGTH = 6;

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when the user completes the sixth digit (typing or pasting). */
  onComplete?: (value: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The first box, e.g. to focus it again after a wrong code. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A 6-digit one-time code: six boxes that take typing, pasting and the phone's code autofill
 * (`autocomplete="one-time-code"`). Each box is named '{label}, digit n of 6' for screen readers.
 */
export function CodeInput({ label, value, onChange, onComplete, description, error, disabled, autoFocus, ref }: CodeInputProps) {
  const texts = useAuthTexts();
  const base = useId().replace(/:/g, '');
  const firstId = `${base}-1`;
  const errorId = `${firstId}-error`;
  const descriptionId = `${firstId}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Input.Wrapper id={firstId} label={label} description={description} error={error} inputWrapperOrder={['label', 'description', 'input', 'error']}>
      <PinInput
        id={base}
        ref={ref}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        size="md"
        gap="xs"
        mt={6}
        value={value}
        onChange={(next) => {
          onChange(next);
          if (next.length === CODE_LENGTH && onComplete) onComplete(next);
        }}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          'aria-label': texts.digitLabel(label, index + 1, CODE_LENGTH),
          'aria-describedby': describedBy,
          'aria-invalid': Boolean(error) || undefined,
        })}
      />
    </Input.Wrapper>
  );
}
