import { Anchor, Badge, Checkbox, Select, Stack, Text } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LICENCE_LABELS, LICENCE_SHORT_LABELS, LICENCE_URLS, LICENCES } from '@tonieshelf/shared/schemas/moderation';
import type { Licence } from '@tonieshelf/shared/schemas/moderation';
import { ROUTES } from '../../lib/links';
import { isOneOf } from '../../lib/one-of';
import type { AudioFormValues } from './audio-form';
import { AUDIO_TEXTS } from './audio-texts';

export const LICENCE_OPTIONS = LICENCES.map((value) => ({ value, label: LICENCE_LABELS[value] }));

export function isLicence(value: unknown): value is Licence {
  return isOneOf(LICENCES, value);
}

/** /terms#copyright: what each licence allows. */
const LICENCE_HELP_PATH = `${ROUTES.terms}#copyright`;

/**
 * The licence an upload is shared under (required; 'What do these mean?' opens the terms'
 * section on copyright in a new tab, so the form keeps what was typed) and the required tick
 * 'I made this or have the right to share it', bound to an upload form's `licence` and
 * `rightsConfirmed` (a change clears that field's error).
 */
export function LicenceFields({ form, disabled }: { form: UseFormReturnType<AudioFormValues>; disabled?: boolean }) {
  return (
    <Stack gap="sm">
      <Select
        label={AUDIO_TEXTS.licence}
        placeholder={AUDIO_TEXTS.licencePlaceholder}
        description={
          <Anchor component={Link} to={LICENCE_HELP_PATH} target="_blank" rel="noopener" fz="xs">
            {AUDIO_TEXTS.licenceHelp}
          </Anchor>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={LICENCE_OPTIONS}
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
        label={AUDIO_TEXTS.rightsLabel}
        description={AUDIO_TEXTS.rightsHint}
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

/** A small licence badge (cards). */
export function LicenceBadge({ licence, ...props }: { licence: Licence } & BadgeProps) {
  return (
    <Badge variant="outline" color="gray" size="sm" tt="none" fw={500} data-testid="licence-badge" title={`${AUDIO_TEXTS.licenceFact}: ${LICENCE_LABELS[licence]}`} {...props}>
      {LICENCE_SHORT_LABELS[licence]}
    </Badge>
  );
}

/** The licence's full name, linked to its text when it has one (details). */
export function LicenceLink({ licence }: { licence: Licence }) {
  const url = LICENCE_URLS[licence];
  if (!url) {
    return (
      <Text span fz="sm" fw={500} data-testid="detail-licence">
        {LICENCE_LABELS[licence]}
      </Text>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer license" fz="sm" fw={500} data-testid="detail-licence" aria-label={AUDIO_TEXTS.licenceLink(LICENCE_LABELS[licence])}>
      {LICENCE_LABELS[licence]}
      <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
    </Anchor>
  );
}
