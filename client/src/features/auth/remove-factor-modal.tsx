import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { MeFactor } from '@tonieshelf/shared/schemas/auth';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/server-errors';
import { focusFirstInvalidIn } from '../../lib/focus-first-error';
import { useAuthTexts } from './auth-texts';
import { RecoveryCodeInput } from '../../components/recovery-code-input';
import { useCodeField } from '../../components/use-code-field';

interface RemoveFactorModalProps {
  factor: MeFactor | null;
  /** The factor's title as the list shows it (factorTitles). */
  title: string;
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Removing a second factor needs proof: a current code of that factor (a phone gets one by
 * 'Send code') or one of the recovery codes. An unfinished setup is removed at once.
 */
export function RemoveFactorModal({ factor: openFor, title: titleFor, onClose, onRemoved }: RemoveFactorModalProps) {
  const trpc = useTRPC();
  const auth = useAuthTexts();
  const texts = auth.removeFactor;
  const GENERIC_ERROR = auth.genericError;
  // The dialog keeps showing its factor while it closes.
  const last = useRef({ factor: openFor, title: titleFor });
  if (openFor) last.current = { factor: openFor, title: titleFor };
  const factor = openFor ?? last.current.factor;
  const title = openFor ? titleFor : last.current.title;
  const { code, setCode, error, setError, field } = useCodeField();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const remove = useMutation(trpc.auth.removeFactor.mutationOptions());
  const challenge = useMutation(trpc.auth.challenge.mutationOptions());

  useEffect(() => {
    setCode('');
    setError(null);
    setChallengeId(null);
  }, [openFor?.id]);

  const verified = factor?.status === 'verified';
  const isPhone = factor?.factor_type === 'phone';

  const sendCode = async () => {
    if (!factor) return;
    setError(null);
    try {
      setChallengeId((await challenge.mutateAsync({ factorId: factor.id })).id);
    } catch (err) {
      setError(serverMessage(err) ?? GENERIC_ERROR);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!factor || remove.isPending) return;
    const value = code.trim();
    const formElement = event.currentTarget;
    if (verified && !value) {
      setError(texts.enterCode);
      focusFirstInvalidIn(formElement);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync({
        factorId: factor.id,
        ...(verified ? { code: value } : {}),
        ...(verified && isPhone && challengeId && /^\d{6}$/.test(value) ? { challenge_id: challengeId } : {}),
      });
      toast({ title: texts.removedTitle, message: texts.removed(title), variant: 'success' });
      onRemoved();
    } catch (err) {
      setError(fieldErrors(err).code ?? serverMessage(err) ?? GENERIC_ERROR);
      focusFirstInvalidIn(formElement);
    }
  };

  return (
    <Modal opened={openFor !== null} onClose={onClose} title={factor ? texts.title(title) : ''} centered>
      {factor ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="md">
            {verified ? (
              <>
                <Text size="sm">{isPhone ? texts.phoneProof : texts.appProof}</Text>
                {isPhone ? (
                  <Group>
                    <Button variant="light" onClick={() => void sendCode()} loading={challenge.isPending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
                      {challengeId ? auth.sendNewCode : auth.sendCode}
                    </Button>
                    {challengeId ? (
                      <Text size="sm" c="dimmed">
                        {texts.sentTo(factor.phone ?? '')}
                      </Text>
                    ) : null}
                  </Group>
                ) : null}
                <RecoveryCodeInput label={texts.codeLabel} placeholder={texts.codePlaceholder} {...field} data-autofocus />
              </>
            ) : (
              <>
                <Text size="sm">{texts.unfinished}</Text>
                {error ? (
                  <Text size="sm" c="red" role="alert">
                    {error}
                  </Text>
                ) : null}
              </>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {texts.keep}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} leftSection={<IconTrash size={16} aria-hidden />}>
                {auth.remove}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
