// The report form's shared rules, loaded after the form renders (lib/lazy-rules.ts).
import { formatKey } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';
import { createReportInputSchema, type CreateReportInput } from '@tonieshelf/shared/schemas/moderation';

/** The shared schema's messages for a report, first per field, in `language`. */
export function reportSchemaErrors(input: CreateReportInput, language: Language): Record<string, string> {
  const parsed = createReportInputSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !errors[field]) errors[field] = formatKey(issue.message, language);
  }
  return errors;
}
