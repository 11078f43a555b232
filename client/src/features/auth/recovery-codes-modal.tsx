import { useEffect, useState } from 'react';
import { Button, Checkbox, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@tonieshelf/shared/constants';
import classes from './auth.module.css';

interface RecoveryCodesModalProps {
  /** The new codes; null closes the dialog. They are never shown again after 'Done'. */
  codes: string[] | null;
  onDone: () => void;
}

function codesAsText(codes: string[]): string {
  return [
    `${PRODUCT_NAME} recovery codes`,
    `Saved on ${new Date().toLocaleString('en-US')}. Each code signs you in once.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([codesAsText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tonieshelf-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * New recovery codes, shown once: copy, download, and 'I have saved these codes' before the
 * dialog can be closed. It does not close by a click outside or Escape, so the codes are not
 * lost by accident.
 */
export function RecoveryCodesModal({ codes, onDone }: RecoveryCodesModalProps) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (codes) setSaved(false);
  }, [codes]);

  return (
    <Modal
      styles={{ title: { fontWeight: 700 } }}
      opened={codes !== null}
      onClose={() => {
        if (saved) onDone();
      }}
      title="Save your recovery codes"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="md"
      centered
    >
      {codes ? (
        <Stack gap="md">
          <Text size="sm">
            If you lose your phone or authenticator app, each of these codes signs you in once. Keep them somewhere
            safe, like a password manager. <b>They are shown only now.</b>
          </Text>
          <ol className={classes.codes} aria-label="Recovery codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <Group gap="sm" grow>
            <CopyButton value={codes.join('\n')} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy codes'}
                </Button>
              )}
            </CopyButton>
            <Button variant="light" onClick={() => downloadCodes(codes)} leftSection={<IconDownload size={16} aria-hidden />}>
              Download
            </Button>
          </Group>
          <Checkbox
            label="I have saved these codes"
            checked={saved}
            onChange={(event) => setSaved(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button onClick={onDone} disabled={!saved}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
