import { TextInput, type TextInputProps } from '@mantine/core';

interface RecoveryCodeInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** A recovery code (or a 6-digit code) typed as text: monospace, no autocorrection. */
export function RecoveryCodeInput({ value, onChange, error, ...props }: RecoveryCodeInputProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      {...props}
    />
  );
}
