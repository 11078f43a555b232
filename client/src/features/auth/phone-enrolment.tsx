import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobileMessage, IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { useLanguage } from '../../i18n/use-language';
import { richText } from '../../lib/rich-text';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/server-errors';
import { useAuthTexts } from './auth-texts';
import { CodeInput } from './code-input';
import { useFactorCode } from './use-factor-code';
import { lazyRules } from '../../lib/lazy-rules';

const rules = lazyRules(() => import('./security-rules'));

const BOLD = { b: (children: string) => <b>{children}</b> };

interface PhoneEnrolmentProps {
  onVerified: (recoveryCodes: string[] | null) => void;
  /** An unfinished phone factor was created (the list shows it until it is verified). */
  onEnrolled: () => void;
  onCancel: (factorId: string | null) => void;
}

/** Adding a phone: the number (international format), 'Send code', then the texted code. */
export function PhoneEnrolment({ onVerified, onEnrolled, onCancel }: PhoneEnrolmentProps) {
  const trpc = useTRPC();
  const auth = useAuthTexts();
  const texts = auth.phone;
  const { language } = useLanguage();
  const GENERIC_ERROR = auth.genericError;
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [factor, setFactor] = useState<{ id: string; phone: string | null } | null>(null);
  const enroll = useMutation(trpc.auth.enrollFactor.mutationOptions());
  const { code, setCode, field, sendCode: send, submit: check, error, setError, busy, sending, challengeId, setChallengeId } = useFactorCode(factor?.id ?? null, 'phone');

  const onAddPhone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // (Rules that could not be loaded leave the check to the server.)
    const checked = (await rules.ready)?.phoneEnrolment(phone, language) ?? { input: { factor_type: 'phone' as const, phone } };
    if ('error' in checked) {
      setPhoneError(checked.error ?? GENERIC_ERROR);
      return;
    }
    setPhoneError(null);
    try {
      const created = await enroll.mutateAsync(checked.input);
      setFactor({ id: created.id, phone: created.phone });
      onEnrolled();
    } catch (err) {
      setPhoneError(fieldErrors(err).phone ?? serverMessage(err) ?? GENERIC_ERROR);
    }
  };

  const sendCode = async () => {
    if (await send()) setCode('');
  };

  const submit = async (value: string) => {
    await check(value, (result) => {
      setFactor(null);
      setChallengeId(null);
      setPhone('');
      onVerified(result.recoveryCodes);
    });
    setCode('');
  };

  if (!factor) {
    return (
      <form onSubmit={(event) => void onAddPhone(event)} noValidate aria-label={texts.formLabel}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={texts.number}
            description={texts.numberHint}
            placeholder={texts.placeholder}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              if (phoneError) setPhoneError(null);
            }}
            error={phoneError}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 46 }} loading={enroll.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            {texts.add}
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
      noValidate
      aria-label={texts.verifyLabel}
    >
      <Stack gap="md">
        <Text size="sm">
          {challengeId ? (
            <>
              {richText(texts.sentTo(factor.phone ?? ''), BOLD)} {formatMessage(AUTH_MESSAGES.codeExpiresIn, language)}
            </>
          ) : (
            richText(texts.willText(factor.phone ?? ''), BOLD)
          )}
        </Text>
        {challengeId ? (
          <CodeInput label={auth.smsCodeLabel} {...field} onComplete={(value) => void submit(value)} disabled={busy && !sending} autoFocus />
        ) : error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm">
          {challengeId ? (
            <>
              <Button type="submit" loading={busy && !sending} leftSection={<IconKey size={16} aria-hidden />}>
                {auth.verifyAndTurnOn}
              </Button>
              <Button variant="subtle" onClick={() => void sendCode()} loading={sending}>
                {auth.sendNewCode}
              </Button>
            </>
          ) : (
            <Button onClick={() => void sendCode()} loading={sending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
              {auth.sendCode}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              const id = factor.id;
              setFactor(null);
              setChallengeId(null);
              setCode('');
              setError(null);
              onCancel(id);
            }}
          >
            {auth.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
