import { useMemo } from 'react';
import { Anchor, Container, Paper, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { REPORT_TARGET_TYPES } from '@tonieshelf/shared/values/moderation';
import { setPath } from '@tonieshelf/shared/values/set';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { isContactKind, isReportReason, ReportForm } from '../features/report/report-form';
import type { ReportTarget } from '../features/report/report-target';
import { audioContentPath, ROUTES, userContentPath } from '../lib/links';
import { useReportTexts } from '../features/report/report-texts';
import { isOneOf } from '../lib/one-of';
import { usePageTitle } from '../lib/page-title';

/** ?type=audio|review|user|set&id=… with ?url= its address (a review's address needs its Tonie, so it must come as ?url=). */
function targetFromParams(params: URLSearchParams, labels: ReturnType<typeof useReportTexts>['targetLabels']): ReportTarget | null {
  const type = params.get('type');
  const id = params.get('id')?.trim();
  if (!isOneOf(REPORT_TARGET_TYPES, type) || !id || id.length > 64) return null;
  const url = params.get('url')?.trim();
  const numeric = /^\d+$/.test(id);
  const fallback = type === 'audio' && numeric ? audioContentPath(Number(id)) : type === 'set' && numeric ? setPath(Number(id)) : type === 'user' ? userContentPath(id) : null;
  const address = url || fallback;
  if (!address) return null;
  return { type, id, label: labels[type](id), url: address };
}

/**
 * /report: the contact and notice form, usable without an account. ?kind=report|bug|feedback
 * preselects what it is about, ?reason= the reason, ?url= the content's address, ?type=&id= the
 * reported item.
 */
export function ReportPage() {
  const texts = useReportTexts();
  usePageTitle(texts.pageTitle);
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const reason = params.get('reason');
  const target = useMemo(() => targetFromParams(params, texts.targetLabels), [params, texts]);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={texts.pageTitle} subtitle={texts.pageSubtitle} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--tonieshelf-surface)">
        <ReportForm
          key={params.toString()}
          target={target}
          chooseKind
          initialKind={isContactKind(kind) ? kind : 'report'}
          initialReason={isReportReason(reason) ? reason : null}
          initialUrl={target ? '' : (params.get('url') ?? '').slice(0, 2000)}
        />
      </Paper>
      <Text fz="sm" c="dimmed" mt="lg">
        {texts.handlingNote}{' '}
        <Anchor component={Link} to={`${ROUTES.terms}#moderation`} fz="sm">
          {texts.termsLink}
        </Anchor>
        . {texts.whoRuns}{' '}
        <Anchor component={Link} to={ROUTES.imprint} fz="sm">
          {texts.imprintLink}
        </Anchor>
        .
      </Text>
    </Container>
  );
}
