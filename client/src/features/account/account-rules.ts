// The account forms' shared rules, loaded after the forms render (lib/lazy-rules.ts).
import { changeEmailInputSchema } from '@tonieshelf/shared/schemas/account';
import { localizedResolver } from '../../i18n/localized-resolver';

export const validateChangeEmail = localizedResolver(changeEmailInputSchema);
