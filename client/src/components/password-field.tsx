import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with aria-invalid on its input while it shows an error: Mantine
 * ties the message to the input (aria-describedby) but leaves aria-invalid off, unlike TextInput.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
