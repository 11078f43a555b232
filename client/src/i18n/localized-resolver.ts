import { schemaResolver, type FormErrors } from '@mantine/form';
import { translateMessage } from '@tonieshelf/shared/i18n/messages';
import { currentLanguage } from './i18n';

/**
 * Mantine's schemaResolver (synchronous) with the messages in the interface language: use it
 * in every form instead of schemaResolver(schema, { sync: true }).
 */
export function localizedResolver(schema: Parameters<typeof schemaResolver>[0]): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors = resolve(values);
    const language = currentLanguage();
    return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, typeof message === 'string' ? translateMessage(message, language) : message]));
  };
}
