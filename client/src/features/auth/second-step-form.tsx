import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobileMessage, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatKey, formatMessage } from '@tonieshelf/shared/i18n/messages';
import { recoveryCodeSchema, type Me, type MeFactor } from '@tonieshelf/shared/schemas/auth';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { useFormat } from '../../i18n/use-format';
import { richText } from '../../lib/rich-text';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { focusFirstInvalidIn } from '../../lib/focus-first-error';
import { useAuthTexts } from './auth-texts';
import { CODE_LENGTH, CodeInput } from './code-input';
import { RecoveryCodeInput } from '../../components/recovery-code-input';
import { useCodeField } from '../../components/use-code-field';
import { useFactorCode } from './use-factor-code';
import { factorKindLabel, factorTitles } from './factor-labels';
import { useSessionCache } from '../../lib/use-session-cache';
import { loginSuccessToast, useLogout } from './use-auth-actions';

const BOLD = { b: (children: string) => <b>{children}</b> };

/**
 * The second step of a sign-in (an account with a verified second factor): a code of the
 * authenticator app or the phone, or a recovery code. 'Cancel' signs the half-made session out.
 */
export function SecondStepForm({ me }: { me: Me }) {
  const trpc = useTRPC();
  const factorsQuery = useQuery(trpc.auth.factors.queryOptions());
  const factors = (factorsQuery.data ?? []).filter((factor) => factor.status === 'verified');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const cancel = useLogout({ silent: true });
  const auth = useAuthTexts();
  const texts = auth.secondStep;
  const { language } = useFormat();
  const titles = factorTitles(factors, language);

  const factor = factors.find((f) => f.id === chosenId) ?? factors[0] ?? null;
  const showRecovery = useRecovery || (!factorsQuery.isPending && factors.length === 0);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--tonieshelf-surface)">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0, color: 'var(--tonieshelf-accent-text)' }} />
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {texts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {richText(texts.signingInAs(me.email), BOLD)}{' '}
              {showRecovery ? texts.recoveryIntro : factor?.factor_type === 'phone' ? texts.phoneIntro(CODE_LENGTH) : formatMessage(AUTH_MESSAGES.secondFactorRequired, language)}
            </Text>
          </Stack>
        </Group>

        {factorsQuery.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={texts.loadingMethods} />
          </Group>
        ) : showRecovery ? (
          <RecoveryCodeForm />
        ) : factor ? (
          <>
            {factors.length > 1 ? (
              <Radio.Group label={texts.verifyWith} value={factor.id} onChange={(id) => setChosenId(id)}>
                <Stack gap="xs" mt={6}>
                  {factors.map((f) => (
                    <Radio key={f.id} value={f.id} label={titles.get(f.id)} description={f.friendly_name ? factorKindLabel(f, language) : undefined} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <FactorCodeForm key={factor.id} factor={factor} />
          </>
        ) : null}

        {factorsQuery.isError ? (
          <Alert color="red" variant="light" title={texts.loadFailed} role="alert">
            {serverMessage(factorsQuery.error) ?? auth.genericError}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="sm">
          {factors.length > 0 ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((v) => !v)}>
              {useRecovery ? texts.useFactor : texts.useRecovery}
            </Anchor>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            {auth.cancel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A code of one factor: TOTP at once (a challenge is made on submit); phone after 'Send code'. */
function FactorCodeForm({ factor }: { factor: MeFactor }) {
  const { switchUser } = useSessionCache();
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const isPhone = factor.factor_type === 'phone';
  const { code, setCode, field, sendCode: send, submit: check, error, busy, sending, challengeId } = useFactorCode(factor.id, factor.factor_type);
  const firstBox = useRef<HTMLInputElement>(null);
  const auth = useAuthTexts();
  const texts = auth.secondStep;
  const { language, locale } = useFormat();

  // After a wrong code the boxes are emptied: start again at the first one.
  useEffect(() => {
    if (error && !busy) firstBox.current?.focus();
  }, [error, busy]);

  const sendCode = async () => {
    if (await send()) {
      setSentAt(new Date());
      setCode('');
    }
  };

  const submit = async (value: string) => {
    await check(value, (result) => {
      switchUser(result.me);
      loginSuccessToast(result.me);
    });
    setCode('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(code);
  };

  if (isPhone && !challengeId) {
    return (
      <Stack gap="sm">
        <Text size="sm">{richText(texts.willText(factor.phone ?? texts.yourPhone), BOLD)}</Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button onClick={() => void sendCode()} loading={sending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
          {auth.sendCode}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <CodeInput
          label={isPhone ? auth.smsCodeLabel : auth.appCodeLabel}
          description={
            isPhone && sentAt
              ? `${texts.sentAt(factor.phone ?? texts.yourPhone, sentAt.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }))} ${formatMessage(AUTH_MESSAGES.codeExpiresIn, language)}`
              : texts.appCodeHint(CODE_LENGTH)
          }
          {...field}
          onComplete={(value) => void submit(value)}
          disabled={busy && !sending}
          autoFocus
          ref={firstBox}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} leftSection={<IconKey size={16} aria-hidden />}>
            {auth.verify}
          </Button>
          {isPhone ? (
            <Button variant="subtle" onClick={() => void sendCode()} disabled={busy}>
              {auth.sendNewCode}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** A one-time recovery code in place of a factor's code. */
function RecoveryCodeForm() {
  const trpc = useTRPC();
  const { switchUser } = useSessionCache();
  const { code, setError, field } = useCodeField();
  const verifyRecovery = useMutation(trpc.auth.verifyRecoveryCode.mutationOptions());
  const auth = useAuthTexts();
  const { language } = useFormat();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifyRecovery.isPending) return;
    const formElement = event.currentTarget;
    const parsed = recoveryCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(formatKey(parsed.error.issues[0]?.message ?? auth.genericError, language));
      focusFirstInvalidIn(formElement);
      return;
    }
    setError(null);
    try {
      const result = await verifyRecovery.mutateAsync({ code: parsed.data });
      switchUser(result.me);
      loginSuccessToast(result.me);
    } catch (err) {
      setError(serverMessage(err) ?? auth.genericError);
      focusFirstInvalidIn(formElement);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <RecoveryCodeInput label={auth.secondStep.recoveryCode} description={auth.secondStep.recoveryCodeHint} placeholder="abcde-fghij" {...field} autoFocus />
        <Group>
          <Button type="submit" loading={verifyRecovery.isPending} leftSection={<IconKey size={16} aria-hidden />}>
            {auth.verify}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
