import { Alert, Container, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { skipToken } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { errorCode } from '../lib/server-errors';
import { DecisionView } from '../features/legal/decision-view';
import { useLegalTexts } from '../features/legal/legal-texts';
import { useModerationTexts } from '../features/moderation/moderation-texts';
import { usePageTitle } from '../lib/page-title';
import { parseRowId } from '../lib/row-id';
import { useTRPC } from '../lib/trpc';

/** /decisions/{id}: the statement of reasons of a decision, for the person it concerns (and staff), with the contest. */
export function DecisionPage() {
  const texts = useLegalTexts();
  const moderationTexts = useModerationTexts();
  usePageTitle(texts.decisionTitle);
  const { id: rawId } = useParams();
  const id = parseRowId(rawId);
  const trpc = useTRPC();
  const decision = useQuery({ ...trpc.moderation.decision.queryOptions(id !== null ? { id } : skipToken), retry: false });

  let body;
  if (id === null || (decision.isError && ['NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN'].includes(errorCode(decision.error) ?? ''))) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} data-testid="decision-not-found">
        {texts.decisionNotFound}
      </Alert>
    );
  } else if (decision.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        {texts.decisionLoadFailed}
      </Alert>
    );
  } else if (!decision.data) {
    body = <Loader size="sm" role="status" aria-label={moderationTexts.loadingDecision} />;
  } else {
    body = <DecisionView decision={decision.data} />;
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={id !== null ? texts.decisionNumber(id) : texts.decisionTitle} subtitle={texts.decisionSubtitle} />
      <Stack gap="lg">{body}</Stack>
    </Container>
  );
}
