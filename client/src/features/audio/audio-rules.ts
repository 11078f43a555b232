// The audio forms' shared rules, loaded after the forms render (lib/lazy-rules.ts).
import { createAudioInputSchema } from '@tonieshelf/shared/schemas/audio';
import { localizedResolver } from '../../i18n/localized-resolver';

const fieldsSchema = createAudioInputSchema.pick({ title: true, description: true, scriptText: true, tags: true, status: true, licence: true, rightsConfirmed: true });
export const validateAudioFields = localizedResolver(fieldsSchema);
