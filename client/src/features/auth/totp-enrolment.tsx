import type { FormEvent } from 'react';
import { ActionIcon, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { LazyTooltip } from '../../components/lazy-widgets';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useAuthTexts } from './auth-texts';
import { CodeInput } from './code-input';
import { useFactorCode } from './use-factor-code';
import classes from './auth.module.css';

export interface TotpEnrolment {
  id: string;
  /** The name it was added with. */
  name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

interface TotpEnrolmentPanelProps {
  enrolment: TotpEnrolment;
  /** The factor is verified; `recoveryCodes` when it was the account's first factor. */
  onVerified: (recoveryCodes: string[] | null) => void;
  onCancel: () => void;
  cancelling?: boolean;
}

/** 'ABCD EFGH IJKL …': the setup key in groups of four, easier to type by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The second half of adding an authenticator app: the QR code and the setup key as text, then
 * the app's first code (a challenge, then verify) turns the factor on.
 */
export function TotpEnrolmentPanel({ enrolment, onVerified, onCancel, cancelling }: TotpEnrolmentPanelProps) {
  const { code, setCode, field, submit: check, busy } = useFactorCode(enrolment.id, 'totp');
  const auth = useAuthTexts();
  const texts = auth.totp;

  const submit = async (value: string) => {
    await check(value, (result) => onVerified(result.recoveryCodes));
    setCode('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label={texts.formLabel}>
        <Stack gap="md">
          <List type="ordered" spacing="xs" size="sm">
            <List.Item>{texts.step1}</List.Item>
            <List.Item>{texts.step2}</List.Item>
          </List>
          <Group align="flex-start" gap="xl">
            <img src={enrolment.totp.qr_code} alt={texts.qrAlt} width={176} height={176} className={classes.qr} />
            <Stack gap="md" style={{ flex: '1 1 260px' }} miw={0}>
              <Stack gap={4}>
                <Text size="sm" fw={600} id="totp-secret-label">
                  {texts.cantScan}
                </Text>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Text className={classes.secret} size="md" fw={600} data-testid="totp-secret" aria-labelledby="totp-secret-label">
                    {groupSecret(enrolment.totp.secret)}
                  </Text>
                  <CopyButton value={enrolment.totp.secret} timeout={2000}>
                    {({ copied, copy }) => (
                      <LazyTooltip label={copied ? auth.copied : texts.copySetupKey} withArrow>
                        <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? auth.copied : texts.copySetupKey}>
                          {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                        </ActionIcon>
                      </LazyTooltip>
                    )}
                  </CopyButton>
                </Group>
                <Text size="xs" c="dimmed">
                  {texts.keyHint}
                </Text>
              </Stack>
              <CodeInput label={auth.appCodeLabel} {...field} onComplete={(value) => void submit(value)} disabled={busy} />
              <Group gap="sm">
                <Button type="submit" loading={busy} leftSection={<IconKey size={16} aria-hidden />}>
                  {auth.verifyAndTurnOn}
                </Button>
                <Button variant="default" onClick={onCancel} loading={cancelling} disabled={busy}>
                  {auth.cancel}
                </Button>
              </Group>
            </Stack>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
