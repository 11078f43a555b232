// The licence fields of an upload form (an audio file, a set's uploads).
import { Anchor, Checkbox, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { ROUTES } from '../../lib/links';
import { isLicence, licenceOptions } from './licence-fields';
import { LazySelect } from '../lazy-widgets';
import { usePublishableTexts } from './publishable-texts';

/** The fields of a form that shares something under a licence (an audio file, a set's uploads). */
export interface LicenceValues {
  licence: Licence | null;
  rightsConfirmed: boolean;
}

/** /terms#copyright: what each licence allows. */
const LICENCE_HELP_PATH = `${ROUTES.terms}#copyright`;

/**
 * The licence an upload is shared under (required; 'What do these mean?' opens the terms'
 * section on copyright in a new tab, so the form keeps what was typed) and the required tick
 * 'I made this or have the right to share it', bound to an upload form's `licence` and
 * `rightsConfirmed` (a change clears that field's error).
 */
export function LicenceFields({ form, disabled }: { form: UseFormReturnType<LicenceValues>; disabled?: boolean }) {
  const texts = usePublishableTexts();
  return (
    <Stack gap="sm">
      <LazySelect
        // The form's own bindings (and data-path: a refused submit focuses the first field to fix); value and changes below.
        {...form.getInputProps('licence')}
        label={texts.licence}
        placeholder={texts.licencePlaceholder}
        description={
          <Anchor component={Link} to={LICENCE_HELP_PATH} target="_blank" rel="noopener" fz="xs">
            {texts.licenceHelp}
          </Anchor>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={licenceOptions(texts)}
        value={form.values.licence}
        onChange={(value) => {
          form.setFieldValue('licence', isLicence(value) ? value : null);
          form.clearFieldError('licence');
        }}
        error={form.errors.licence}
        required
        allowDeselect={false}
        comboboxProps={{ shadow: 'md' }}
        disabled={disabled}
        data-testid="licence-select"
      />
      <Checkbox
        {...form.getInputProps('rightsConfirmed', { type: 'checkbox' })}
        label={texts.rightsLabel}
        description={texts.rightsHint}
        checked={form.values.rightsConfirmed}
        onChange={(event) => {
          form.setFieldValue('rightsConfirmed', event.currentTarget.checked);
          form.clearFieldError('rightsConfirmed');
        }}
        error={form.errors.rightsConfirmed}
        disabled={disabled}
        data-testid="rights-checkbox"
      />
    </Stack>
  );
}
