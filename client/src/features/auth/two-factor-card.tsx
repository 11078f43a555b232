import { useState } from 'react';
import { Alert, Badge, Button, Card, Divider, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconApps, IconDeviceMobile, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { MeFactor } from '@tonieshelf/shared/schemas/auth';
import { FACTOR_NAME_MAX } from '@tonieshelf/shared/values/auth';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useFormat } from '../../i18n/use-format';
import { useAuthTexts } from './auth-texts';
import { factorKindLabel, factorTitles, nextAppName } from './factor-labels';
import { PhoneEnrolment } from './phone-enrolment';
import { RemoveFactorModal } from './remove-factor-modal';
import { TotpEnrolmentPanel } from './totp-enrolment';
import type { TotpEnrolment } from './totp-enrolment';
import { useFactors, useRefreshFactors } from './use-security-queries';

interface TwoFactorCardProps {
  /** New recovery codes to show once (the first verified factor brings them). */
  onRecoveryCodes: (codes: string[]) => void;
}

/**
 * 'Two-factor authentication' on the account security page: the factors with Remove, and the
 * two ways to add one ('Add authenticator app', 'Add phone').
 */
export function TwoFactorCard({ onRecoveryCodes }: TwoFactorCardProps) {
  const trpc = useTRPC();
  const factors = useFactors();
  const refresh = useRefreshFactors();
  const [totp, setTotp] = useState<TotpEnrolment | null>(null);
  const [removing, setRemoving] = useState<MeFactor | null>(null);
  const enroll = useMutation(trpc.auth.enrollFactor.mutationOptions());
  const dropUnfinished = useMutation(trpc.auth.removeFactor.mutationOptions());
  const auth = useAuthTexts();
  const texts = auth.twoFactor;
  const { language } = useFormat();
  // The new app's name: typed, else the next free default ('Authenticator app 2').
  const [appName, setAppName] = useState<string | null>(null);

  const list = factors.data ?? [];
  const titles = factorTitles(list, language);
  const suggestedName = nextAppName(list, language);
  const verifiedCount = list.filter((f) => f.status === 'verified').length;
  // The authenticator being set up right now shows in its panel, not (yet) in the list.
  const shown = list.filter((f) => f.status === 'verified' || f.id !== totp?.id);

  const onVerified = (label: string) => (recoveryCodes: string[] | null) => {
    refresh();
    toast({
      title: texts.addedTitle(label),
      message: texts.addedMessage,
      variant: 'success',
    });
    if (recoveryCodes?.length) onRecoveryCodes(recoveryCodes);
  };

  const startTotp = async () => {
    const name = (appName ?? suggestedName).trim().slice(0, FACTOR_NAME_MAX) || suggestedName;
    try {
      const created = await enroll.mutateAsync({ factor_type: 'totp', friendly_name: name });
      if (created.totp) setTotp({ id: created.id, name, totp: created.totp });
      setAppName(null);
      refresh();
    } catch (err) {
      toast({ title: texts.addAppFailed, message: serverMessage(err) ?? auth.genericError, variant: 'destructive' });
    }
  };

  const cancelUnfinished = async (factorId: string | null) => {
    if (factorId) {
      try {
        await dropUnfinished.mutateAsync({ factorId });
      } catch {
        // An unfinished setup expires by itself within the hour.
      }
    }
    refresh();
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="two-factor-title">
              {texts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.intro}
            </Text>
          </Stack>
          {factors.isSuccess ? (
            <Badge color={verifiedCount > 0 ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {verifiedCount > 0 ? texts.on : texts.off}
            </Badge>
          ) : null}
        </Group>

        {factors.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label={texts.loading} />
          </Group>
        ) : factors.isError ? (
          <Alert color="red" variant="light" title={texts.loadFailed} role="alert">
            {serverMessage(factors.error) ?? auth.genericError}
          </Alert>
        ) : shown.length === 0 ? (
          <Text size="sm">{texts.none}</Text>
        ) : (
          <Stack gap={0} component="ul" aria-label={texts.listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((factor, index) => (
              <FactorRow key={factor.id} factor={factor} title={titles.get(factor.id) ?? ''} first={index === 0} onRemove={() => setRemoving(factor)} />
            ))}
          </Stack>
        )}

        <Divider />

        <Stack gap="sm">
          <Title order={3} fz="md">
            {texts.addApp}
          </Title>
          {totp ? (
            <TotpEnrolmentPanel
              enrolment={totp}
              onVerified={(codes) => {
                setTotp(null);
                onVerified(totp.name)(codes);
              }}
              onCancel={() => {
                const id = totp.id;
                setTotp(null);
                void cancelUnfinished(id);
              }}
              cancelling={dropUnfinished.isPending}
            />
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" maw={460}>
                {texts.appHint}
              </Text>
              <Group gap="sm" align="flex-end">
                <TextInput
                  label={texts.appName}
                  description={texts.appNameHint}
                  value={appName ?? suggestedName}
                  onChange={(event) => setAppName(event.currentTarget.value)}
                  maxLength={FACTOR_NAME_MAX}
                  style={{ flex: '1 1 220px' }}
                  maw={320}
                  data-testid="totp-name"
                />
                <Button variant="light" onClick={() => void startTotp()} loading={enroll.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
                  {texts.setUpApp}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>

        <Divider />

        <Stack gap="sm">
          <Title order={3} fz="md">
            {texts.addPhone}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.phoneHint}
          </Text>
          <PhoneEnrolment onVerified={onVerified(auth.factors.phone)} onEnrolled={refresh} onCancel={(id) => void cancelUnfinished(id)} />
        </Stack>
      </Stack>

      <RemoveFactorModal
        factor={removing}
        title={removing ? (titles.get(removing.id) ?? '') : ''}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null);
          refresh();
        }}
      />
    </Card>
  );
}

function FactorRow({ factor, title, first, onRemove }: { factor: MeFactor; title: string; first: boolean; onRemove: () => void }) {
  const Icon = factor.factor_type === 'totp' ? IconApps : IconDeviceMobile;
  const verified = factor.status === 'verified';
  const auth = useAuthTexts();
  const texts = auth.twoFactor;
  const format = useFormat();
  const kind = factorKindLabel(factor, format.language);
  return (
    <li>
      {first ? null : <Divider my="sm" />}
      <Group justify="space-between" wrap="nowrap" gap="sm" py={4}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
            <Icon size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap={8} wrap="wrap">
              <Text fw={600} size="sm">
                {title}
              </Text>
              <Badge size="sm" variant="light" color={verified ? 'teal' : 'yellow'}>
                {verified ? texts.active : texts.setupNotFinished}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {kind !== title ? `${kind} · ` : ''}
              {texts.added(format.date(factor.created_at))}
            </Text>
          </Stack>
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={onRemove}
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={texts.removeLabel(title)}
          style={{ flexShrink: 0 }}
        >
          {auth.remove}
        </Button>
      </Group>
    </li>
  );
}
