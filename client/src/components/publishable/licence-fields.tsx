// Licences as shown: the choices' names, a card's badge, the details' link (no form parts: those
// are licence-form-fields.tsx, so a list's first load carries no select).
import { Anchor, Badge, Text } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { LICENCE_URLS, LICENCES, type Licence } from '@tonieshelf/shared/values/moderation';
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
