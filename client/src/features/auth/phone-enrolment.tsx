import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobileMessage, IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES, enrollFactorInputSchema } from '@tonieshelf/shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from './auth-errors';
import { GENERIC_ERROR } from './auth-texts';
import { CodeInput } from './code-input';
import { useSingleFlight } from './use-single-flight';

interface PhoneEnrolmentProps {
  onVerified: (recoveryCodes: string[] | null) => void;
  /** An unfinished phone factor was created (the list shows it until it is verified). */
  onEnrolled: () => void;
  onCancel: (factorId: string | null) => void;
}

/** Adding a phone: the number (international format), 'Send code', then the texted code. */
export function PhoneEnrolment({ onVerified, onEnrolled, onCancel }: PhoneEnrolmentProps) {
  const trpc = useTRPC();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [factor, setFactor] = useState<{ id: string; phone: string | null } | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enroll = useMutation(trpc.auth.enrollFactor.mutationOptions());
  const challenge = useMutation(trpc.auth.challenge.mutationOptions());
  const verify = useMutation(trpc.auth.verify.mutationOptions());

  const onAddPhone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = enrollFactorInputSchema.safeParse({ factor_type: 'phone', phone });
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? GENERIC_ERROR);
      return;
    }
    setPhoneError(null);
    try {
      const created = await enroll.mutateAsync(parsed.data);
      setFactor({ id: created.id, phone: created.phone });
      onEnrolled();
    } catch (err) {
      setPhoneError(fieldErrors(err).phone ?? serverMessage(err) ?? GENERIC_ERROR);
    }
  };

  const sendCode = async () => {
    if (!factor) return;
    setError(null);
    try {
      const started = await challenge.mutateAsync({ factorId: factor.id });
      setChallengeId(started.id);
      setCode('');
    } catch (err) {
      setError(serverMessage(err) ?? GENERIC_ERROR);
    }
  };

  const singleFlight = useSingleFlight();
  const submit = (value: string) => singleFlight(() => submitNow(value));
  const submitNow = async (value: string) => {
    if (!factor || !challengeId || verify.isPending) return;
    if (!/^\d{6}$/.test(value)) {
      setError(AUTH_MESSAGES.codeInvalid);
      return;
    }
    setError(null);
    try {
      const result = await verify.mutateAsync({ factorId: factor.id, challenge_id: challengeId, code: value });
      setFactor(null);
      setChallengeId(null);
      setPhone('');
      setCode('');
      onVerified(result.recoveryCodes);
    } catch (err) {
      setError(serverMessage(err) ?? GENERIC_ERROR);
      setCode('');
    }
  };

  if (!factor) {
    return (
      <form onSubmit={(event) => void onAddPhone(event)} noValidate aria-label="Add phone">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Phone number"
            description="In international format, with + and the country code."
            placeholder="+44 7700 900123"
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
            Add phone
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
      aria-label="Verify phone"
    >
      <Stack gap="md">
        <Text size="sm">
          {challengeId ? (
            <>
              We sent a code to <b>{factor.phone}</b>. It expires in 5 minutes.
            </>
          ) : (
            <>
              We will text a 6-digit code to <b>{factor.phone}</b> to check the number.
            </>
          )}
        </Text>
        {challengeId ? (
          <CodeInput
            label="Code from the text message"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (error) setError(null);
            }}
            onComplete={(value) => void submit(value)}
            error={error}
            disabled={verify.isPending}
            autoFocus
          />
        ) : error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm">
          {challengeId ? (
            <>
              <Button type="submit" loading={verify.isPending} leftSection={<IconKey size={16} aria-hidden />}>
                Verify and turn on
              </Button>
              <Button variant="subtle" onClick={() => void sendCode()} loading={challenge.isPending}>
                Send a new code
              </Button>
            </>
          ) : (
            <Button onClick={() => void sendCode()} loading={challenge.isPending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
              Send code
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
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
