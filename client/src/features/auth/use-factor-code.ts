import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { currentLanguage } from '../../i18n/i18n';
import { useAuthTexts } from './auth-texts';
import { useCodeField } from '../../components/use-code-field';
import { useSingleFlight } from './use-single-flight';

interface VerifiedCode {
  me: Me;
  recoveryCodes: string[] | null;
}

/**
 * Sending and checking a 6-digit code of one factor, shared by the sign-in's second step and
 * the two enrolments. A phone gets its code by `sendCode()` (the challenge is kept); an
 * authenticator code is challenged and verified in one go on `submit`. A wrong code sets
 * `error` to the server's message and resolves without calling `onVerified`.
 */
export function useFactorCode(factorId: string | null, kind: 'totp' | 'phone') {
  const trpc = useTRPC();
  const challenge = useMutation(trpc.auth.challenge.mutationOptions());
  const verify = useMutation(trpc.auth.verify.mutationOptions());
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const { code, setCode, error, setError, field } = useCodeField();
  const singleFlight = useSingleFlight();
  const busy = challenge.isPending || verify.isPending;
  const genericError = () => useAuthTexts.get().genericError;

  /** Sends a phone code; true when it went out. */
  const sendCode = async (): Promise<boolean> => {
    if (!factorId) return false;
    setError(null);
    try {
      setChallengeId((await challenge.mutateAsync({ factorId })).id);
      return true;
    } catch (err) {
      setError(serverMessage(err) ?? genericError());
      return false;
    }
  };

  const submit = (code: string, onVerified: (result: VerifiedCode) => void) =>
    singleFlight(async () => {
      if (!factorId || busy) return;
      if (!/^\d{6}$/.test(code)) {
        setError(formatMessage(AUTH_MESSAGES.codeInvalid, currentLanguage()));
        return;
      }
      setError(null);
      try {
        const id = kind === 'phone' ? challengeId : (await challenge.mutateAsync({ factorId })).id;
        if (!id) return;
        onVerified(await verify.mutateAsync({ factorId, challenge_id: id, code }));
      } catch (err) {
        setError(serverMessage(err) ?? genericError());
      }
    });

  return { code, setCode, field, sendCode, submit, error, setError, busy, sending: challenge.isPending, challengeId, setChallengeId };
}
