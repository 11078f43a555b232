import { Anchor, Badge, Checkbox, Select, Stack, Text } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LICENCE_URLS, LICENCES, type Licence } from '@tonieshelf/shared/values/moderation';
import { ROUTES } from '../../lib/links';
import { isOneOf } from '../../lib/one-of';
import { usePublishableTexts } from './publishable-texts';
import type { PublishableTexts } from './publishable-texts';

/** The licence choices with their names in the interface language. */
export function licenceOptions(texts: PublishableTexts) {
  return LICENCES.map((value) => ({ value, label: texts.licenceLabels[value] }));
}

export function isLicence(value: unknown): value is Licence {
  return isOneOf(LICENCES, value);
}

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
      <Select
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

/** A small licence badge (cards). */
export function LicenceBadge({ licence, ...props }: { licence: Licence } & BadgeProps) {
  const texts = usePublishableTexts();
  return (
    <Badge variant="outline" color="gray" size="sm" tt="none" fw={500} data-testid="licence-badge" title={`${texts.licenceFact}: ${texts.licenceLabels[licence]}`} {...props}>
      {texts.licenceShortLabels[licence]}
    </Badge>
  );
}

/** The licence's full name, linked to its text when it has one (details). */
export function LicenceLink({ licence }: { licence: Licence }) {
  const texts = usePublishableTexts();
  const label = texts.licenceLabels[licence];
  const url = LICENCE_URLS[licence];
  if (!url) {
    return (
      <Text span fz="sm" fw={500} data-testid="detail-licence">
        {label}
      </Text>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer license" fz="sm" fw={500} data-testid="detail-licence" aria-label={texts.licenceLink(label)}>
      {label}
      <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
    </Anchor>
  );
}
