import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from './auth-errors';
import { GENERIC_ERROR } from './auth-texts';
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

  const onConfirm = async () => {
    try {
      const { recoveryCodes } = await regenerate.mutateAsync();
      setConfirming(false);
      refresh();
      onRecoveryCodes(recoveryCodes);
    } catch (err) {
      setConfirming(false);
      toast({ title: 'Could not generate new codes', message: serverMessage(err) ?? GENERIC_ERROR, variant: 'destructive' });
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recovery-codes-title">
      <Stack gap="md">
        <Title order={2} fz="h3" id="recovery-codes-title">
          Recovery codes
        </Title>
        <Text size="sm">
          Recovery codes get you in when your phone or authenticator app is not at hand. You receive ten of them when you
          turn on two-factor authentication; each one works once, in place of a code. They matter as much as your password:
          keep them somewhere safe, and generate new ones when you have used most of them or think someone has seen them.
        </Text>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="recovery-code-count">
            {!hasFactor
              ? 'Available once you have added a second factor.'
              : count.data
                ? `${count.data.remaining} of 10 codes left. New codes replace all the old ones.`
                : 'New codes replace all the old ones.'}
          </Text>
          <Button
            variant="light"
            onClick={() => setConfirming(true)}
            disabled={!hasFactor}
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            Generate new codes
          </Button>
        </Group>
      </Stack>

      <Modal styles={{ title: { fontWeight: 700 } }} opened={confirming} onClose={() => setConfirming(false)} title="Generate new recovery codes?" centered>
        <Stack gap="md">
          <Text size="sm">Your current recovery codes stop working at once. You will see the ten new codes only once.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void onConfirm()} loading={regenerate.isPending}>
              Generate new codes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
