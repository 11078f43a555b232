import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useCommonTexts } from './common-texts';

/**
 * Mantine's PasswordInput, with aria-invalid on its input while it shows an error: Mantine
 * ties the message to the input (aria-describedby) but leaves aria-invalid off, unlike TextInput.
 * Its show button is named in the interface language (Mantine's own name is English).
 */
export function PasswordField(props: PasswordInputProps) {
  const texts = useCommonTexts();
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': texts.showPassword, ...props.visibilityToggleButtonProps }}
    />
  );
}
