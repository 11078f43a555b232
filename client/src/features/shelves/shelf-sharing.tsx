// Sharing one shelf by link: 'Share by link' on (a link anyone can open read-only) or off (the
// link dies at once), the link with a copy button, and 'Renew link' (after a question: the old
// link stops working). The profile's shelf visibility lives in the account settings.
import { Alert, Anchor, Button, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type ShelfName, sharedShelfPath } from '@tonieshelf/shared/values/shelf';
import type { ShelfSharing as ShelfSharingState } from '@tonieshelf/shared/schemas/shelf';
// One text of the shelf group's (the whole message catalogue stays out of the page's first load).
import { SHELF_TEXTS } from '@tonieshelf/shared/i18n/texts/shelf';
import { ACCOUNT_ROUTES, PUBLIC_PROFILE_ANCHOR } from '../../lib/account-routes';
import { absoluteAddress } from '../../lib/links';
import { confirmAction } from '../../components/confirm';
import { CopyField } from '../../components/copy-field';
import { useLanguage } from '../../i18n/use-language';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useCommonTexts } from '../../components/common-texts';
import { useShelvesTexts } from './shelves-texts';

export function ShelfSharing({ shelf }: { shelf: ShelfName }) {
  const texts = useShelvesTexts();
  const toasts = useCommonTexts();
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sharing = useQuery(trpc.shelf.sharing.queryOptions());
  const onAnswer = {
    onSuccess: (answer: ShelfSharingState) => queryClient.setQueryData(trpc.shelf.sharing.queryKey(), answer),
    onError: (err: unknown) => toast({ title: toasts.error, message: serverMessage(err) ?? texts.sharingFailed, variant: 'destructive' }),
  };
  const setSharing = useMutation(trpc.shelf.setSharing.mutationOptions(onAnswer));
  const renew = useMutation(trpc.shelf.renewLink.mutationOptions(onAnswer));

  const entry = sharing.data?.find((s) => s.shelf === shelf);
  const token = entry?.token ?? null;
  const url = token ? absoluteAddress(sharedShelfPath(token)) : null;
  const busy = setSharing.isPending || renew.isPending;

  return (
    <section aria-labelledby="shelf-sharing-title" data-testid="shelf-sharing">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="shelf-sharing-title">
          {texts.sharingTitle}
        </Title>
        {sharing.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="sharing-error" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{texts.sharingLoadFailed}</Text>
              <Button size="xs" variant="light" color="red" loading={sharing.isFetching} onClick={() => void sharing.refetch()}>
                {texts.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Switch
          label={texts.shareByLink}
          description={texts.shareHint}
          checked={token !== null}
          disabled={!sharing.data || busy}
          onChange={(event) => setSharing.mutate({ shelf, enabled: event.currentTarget.checked })}
          data-testid="share-switch"
        />
        {url ? (
          <>
            <CopyField
              label={texts.shareLink}
              value={url}
              copyLabel={texts.copy}
              copiedLabel={texts.copied}
              onCopied={() => toast({ message: SHELF_TEXTS.linkCopied[language], variant: 'success' })}
              data-testid="share-link"
            />
            <Button
              size="xs"
              variant="default"
              w="fit-content"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={renew.isPending}
              onClick={() =>
                confirmAction({ title: texts.renewTitle, text: texts.renewText, confirmLabel: texts.renewLink, color: 'red', onConfirm: () => renew.mutate({ shelf }) })
              }
            >
              {texts.renewLink}
            </Button>
          </>
        ) : null}
        <Text fz="xs" c="dimmed">
          {texts.profileNote.before}
          <Anchor component={Link} to={`${ACCOUNT_ROUTES.account}#${PUBLIC_PROFILE_ANCHOR}`} fz="xs">
            {texts.profileNote.link}
          </Anchor>
          {texts.profileNote.after}
        </Text>
      </Stack>
    </section>
  );
}
