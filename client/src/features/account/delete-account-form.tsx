import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconDeviceMobileMessage, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import type { DeleteAccountInput } from '@tonieshelf/shared/schemas/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/server-errors';
import { focusFirstInvalidIn } from '../../lib/focus-first-error';
import { RecoveryCodeInput } from '../../components/recovery-code-input';
import { useCodeField } from '../../components/use-code-field';
import { useSecondFactors } from './api/use-delete-account';
import { accountErrorMessage, hasMessageCode, localMessage } from '../../lib/account-errors';
import { useAccountTexts } from './account-texts';
import { useDeleteAccount } from './api/use-delete-account';
import { PasswordField } from '../../components/password-field';

type ReviewsChoice = 'keep' | 'delete';
type Proof = Pick<DeleteAccountInput, 'factorId' | 'challenge_id' | 'code'>;

/** Refusals that are about the code field (their codes). */
const CODE_MESSAGES: readonly string[] = [
  ACCOUNT_MESSAGES.codeRequired,
  AUTH_MESSAGES.removalCodeInvalid,
  AUTH_MESSAGES.wrongCode,
  AUTH_MESSAGES.codeExpired,
  AUTH_MESSAGES.tooManyTries,
  AUTH_MESSAGES.unknownChallenge,
  AUTH_MESSAGES.codeAlreadyUsed,
  AUTH_MESSAGES.totpStepUsed,
  AUTH_MESSAGES.recoveryCodeInvalid,
  AUTH_MESSAGES.codeOrRecoveryCode,
  AUTH_MESSAGES.codeInvalid,
  AUTH_MESSAGES.requestPhoneCode,
];

interface DeleteAccountFormProps {
  email: string;
  onCancel: () => void;
}

/**
 * The confirmation screen of 'Delete my account': what goes (irreversibly), the choice between
 * keeping the reviews as 'Anonymous' and deleting them, the password, and, when the account has a
 * verified second factor, a current code of it (a phone gets one by 'Send a code') or a
 * recovery code.
 */
export function DeleteAccountForm({ email, onCancel }: DeleteAccountFormProps) {
  const trpc = useTRPC();
  const texts = useAccountTexts();
  const factors = useSecondFactors();
  const remove = useDeleteAccount();
  const challenge = useMutation(trpc.auth.challenge.mutationOptions());
  const [reviews, setReviews] = useState<ReviewsChoice | null>(null);
  const [reviewsError, setReviewsError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const { code, setError: setCodeError, field: codeField } = useCodeField();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  // The server asked for a code the factor list did not announce (e.g. it could not be loaded).
  const [codeAsked, setCodeAsked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const verified = (factors.data ?? []).filter((f) => f.status === 'verified');
  const totp = verified.find((f) => f.factor_type === 'totp') ?? null;
  const phone = verified.find((f) => f.factor_type === 'phone') ?? null;
  const needsCode = verified.length > 0 || codeAsked;
  const codeHint = totp && phone ? texts.codeHintBoth : phone ? texts.codeHintPhone : texts.codeHintTotp;

  const sendPhoneCode = async () => {
    if (!phone) return;
    setCodeError(null);
    try {
      setChallengeId((await challenge.mutateAsync({ factorId: phone.id })).id);
    } catch (err) {
      setCodeError(serverMessage(err) ?? texts.genericError);
    }
  };

  /** What proves the second factor, or null (and the field's message) when it is missing. */
  const proof = (): Proof | null => {
    if (!needsCode) return {};
    const value = code.trim();
    if (!value) {
      setCodeError(localMessage(ACCOUNT_MESSAGES.codeRequired));
      return null;
    }
    const digits = value.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return { code: value };
    if (phone && challengeId) return { factorId: phone.id, challenge_id: challengeId, code: digits };
    if (totp) return { factorId: totp.id, code: digits };
    if (phone) {
      setCodeError(localMessage(AUTH_MESSAGES.requestPhoneCode));
      return null;
    }
    return { code: digits };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending || factors.isPending) return;
    setError(null);
    let ok = true;
    if (!reviews) {
      setReviewsError(texts.chooseReviews);
      ok = false;
    }
    if (!password) {
      setPasswordError(texts.enterPassword);
      ok = false;
    }
    const factorProof = proof();
    if (!ok || !factorProof || !reviews) {
      focusFirstInvalidIn(formRef.current);
      return;
    }
    try {
      await remove.mutateAsync({ password, keepReviews: reviews === 'keep', ...factorProof });
    } catch (err) {
      const fields = fieldErrors(err);
      const message = accountErrorMessage(err);
      if (fields.password || hasMessageCode(err, ACCOUNT_MESSAGES.wrongPassword)) {
        setPasswordError(fields.password ?? message);
      } else if (fields.code || hasMessageCode(err, ...CODE_MESSAGES)) {
        setCodeAsked(true);
        setCodeError(fields.code ?? message);
      } else if (fields.keepReviews) {
        setReviewsError(fields.keepReviews);
      } else {
        setError(message ?? texts.genericError);
        return;
      }
      focusFirstInvalidIn(formRef.current);
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={texts.deleteModalTitle} data-testid="delete-account-form">
      <Stack gap="lg">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={texts.deleteWarningTitle}>
          {texts.deleteWarning(email)}
        </Alert>

        <Radio.Group
          label={texts.reviewsLabel}
          value={reviews}
          onChange={(value) => {
            setReviews(value === 'keep' ? 'keep' : 'delete');
            setReviewsError(null);
          }}
          error={reviewsError}
          aria-invalid={reviewsError ? true : undefined}
          required
        >
          <Stack gap="sm" mt="xs">
            <Radio value="keep" label={texts.keepReviews} description={texts.keepReviewsHint} />
            <Radio value="delete" label={texts.deleteReviews} description={texts.deleteReviewsHint} />
          </Stack>
        </Radio.Group>

        <PasswordField
          label={texts.password}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
          error={passwordError}
        />

        {factors.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {texts.checkingFactors}
            </Text>
          </Group>
        ) : needsCode ? (
          <Stack gap="sm">
            <Text size="sm">{codeHint}</Text>
            {phone ? (
              <Group gap="sm">
                <Button variant="light" onClick={() => void sendPhoneCode()} loading={challenge.isPending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
                  {challengeId ? texts.sendNewPhoneCode : texts.sendPhoneCode(phone.phone ?? texts.yourPhone)}
                </Button>
                {challengeId ? (
                  <Text size="sm" c="dimmed">
                    {texts.phoneCodeSent(phone.phone ?? texts.yourPhone)} {localMessage(AUTH_MESSAGES.codeExpiresIn)}
                  </Text>
                ) : null}
              </Group>
            ) : null}
            <RecoveryCodeInput label={texts.codeLabel} placeholder={texts.codePlaceholder} required {...codeField} />
          </Stack>
        ) : null}

        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={remove.isPending} data-autofocus>
            {texts.keepAccount}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending} disabled={factors.isPending} leftSection={<IconTrash size={16} aria-hidden />}>
            {texts.confirmDelete}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
