import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { useLegalTexts } from '../features/legal/legal-texts';
import { useSiteInfo } from '../features/legal/use-site-info';
import { reportPath, ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

function Entry({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Title order={2} fz="sm" c="dimmed" tt="uppercase" lts={0.5} mb={4}>
        {label}
      </Title>
      <Text fz="md" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function configured(operator: SiteInfo['operator']): boolean {
  return Boolean(operator.name?.trim() && (operator.address?.trim() || operator.email?.trim()));
}

/** /imprint: the operator's name, address, email, phone and further lines from the settings, or an honest notice. */
export function ImprintPage() {
  const texts = useLegalTexts();
  usePageTitle(texts.imprintTitle);
  const info = useSiteInfo();
  const operator = info.data?.operator;

  let body;
  if (info.isPending) body = <Loader size="sm" role="status" aria-label={texts.loading} />;
  else if (info.isError || !operator)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        {texts.imprintLoadFailed}
      </Alert>
    );
  else if (!configured(operator))
    body = (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title={texts.notConfiguredTitle} data-testid="imprint-not-configured">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{texts.notConfiguredText}</Text>
          <Button component={Link} to={reportPath({ kind: 'feedback' })} size="xs" leftSection={<IconMail size={14} aria-hidden />}>
            {texts.contactForm}
          </Button>
        </Stack>
      </Alert>
    );
  else
    body = (
      <Stack gap="lg" data-testid="imprint-operator">
        <Entry label={texts.operator} testId="imprint-name">
          {operator.name}
        </Entry>
        {operator.address ? (
          <Entry label={texts.address} testId="imprint-address">
            {operator.address}
          </Entry>
        ) : null}
        {operator.email ? (
          <Entry label={texts.email} testId="imprint-email">
            <Anchor href={`mailto:${operator.email}`} inherit>
              {operator.email}
            </Anchor>
          </Entry>
        ) : null}
        {operator.phone ? (
          <Entry label={texts.phone} testId="imprint-phone">
            <Anchor href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`} inherit>
              {operator.phone}
            </Anchor>
          </Entry>
        ) : null}
        {operator.extra ? (
          <Entry label={texts.further} testId="imprint-extra">
            {operator.extra}
          </Entry>
        ) : null}
      </Stack>
    );

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={texts.imprintTitle} subtitle={texts.imprintSubtitle} />
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        {body}
      </Paper>
      <Text fz="sm" c="dimmed" mt="lg">
        {texts.reportHint}{' '}
        <Anchor component={Link} to={ROUTES.report} fz="sm">
          {texts.reportHintLink}
        </Anchor>
        .
      </Text>
    </Container>
  );
}
