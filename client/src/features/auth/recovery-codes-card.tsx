import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useAuthTexts } from './auth-texts';
import { useFactors, useRecoveryCodeCount, useRefreshFactors } from './use-security-queries';

interface RecoveryCodesCardProps {
  onRecoveryCodes: (codes: string[]) => void;
}

/** 'Recovery codes': what they are for, and 'Generate new codes' (after a confirmation). */
export function RecoveryCodesCard({ onRecoveryCodes }: RecoveryCodesCardProps) {
  const trpc = useTRPC();
  const factors = useFactors();
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation(trpc.auth.regenerateRecoveryCodes.mutationOptions());
  const hasFactor = (factors.data ?? []).some((f) => f.status === 'verified');
  const count = useRecoveryCodeCount(hasFactor);
  const refresh = useRefreshFactors();
  const auth = useAuthTexts();
  const texts = auth.recoveryCodes;

  const onConfirm = async () => {
    try {
      const { recoveryCodes } = await regenerate.mutateAsync();
      setConfirming(false);
      refresh();
      onRecoveryCodes(recoveryCodes);
    } catch (err) {
      setConfirming(false);
      toast({ title: texts.failed, message: serverMessage(err) ?? auth.genericError, variant: 'destructive' });
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recovery-codes-title">
      <Stack gap="md">
        <Title order={2} fz="h3" id="recovery-codes-title">
          {texts.title}
        </Title>
        <Text size="sm">{texts.intro}</Text>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="recovery-code-count">
            {!hasFactor ? texts.unavailable : count.data ? texts.left(count.data.remaining) : texts.replaceHint}
          </Text>
          <Button variant="light" onClick={() => setConfirming(true)} disabled={!hasFactor} leftSection={<IconRefresh size={16} aria-hidden />}>
            {texts.generate}
          </Button>
        </Group>
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={texts.confirmTitle} centered>
        <Stack gap="md">
          <Text size="sm">{texts.confirmText}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {auth.cancel}
            </Button>
            <Button onClick={() => void onConfirm()} loading={regenerate.isPending}>
              {texts.generate}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
