import { schemaResolver, type FormErrors } from '@mantine/form';
import { formatKey } from '@tonieshelf/shared/i18n/messages';
import { currentLanguage } from './i18n';

/**
 * Mantine's schemaResolver (synchronous) with the messages in the interface language (the
 * schemas' issues carry message codes): use it in every form instead of
 * schemaResolver(schema, { sync: true }).
 */
export function localizedResolver(schema: Parameters<typeof schemaResolver>[0]): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors = resolve(values);
    const language = currentLanguage();
    return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, typeof message === 'string' ? formatKey(message, language) : message]));
  };
}
