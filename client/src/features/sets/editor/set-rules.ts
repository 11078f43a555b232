// A set's shared rules for its title, description and tags, loaded after the forms render (lib/lazy-rules.ts).
import { createSetInputSchema } from '@tonieshelf/shared/schemas/set';
import { localizedResolver } from '../../../i18n/localized-resolver';

export const validateSetFields = localizedResolver(createSetInputSchema.pick({ title: true, description: true, tags: true }));
