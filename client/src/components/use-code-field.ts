import { useState } from 'react';

/**
 * A code field's text and its error: typing clears the error. `field` spreads onto CodeInput or
 * RecoveryCodeInput.
 */
export function useCodeField() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onChange = (value: string) => {
    setCode(value);
    if (error) setError(null);
  };
  return { code, setCode, error, setError, field: { value: code, onChange, error } };
}
