import { useEffect, useState } from 'react';
import { Button, Checkbox, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useFormat } from '../../i18n/use-format';
import { richText } from '../../lib/rich-text';
import { useAuthTexts } from './auth-texts';
import type { AuthTexts } from './auth-texts';
import classes from './auth.module.css';

interface RecoveryCodesModalProps {
  /** The new codes; null closes the dialog. They are never shown again after 'Done'. */
  codes: string[] | null;
  onDone: () => void;
}

type RecoveryTexts = AuthTexts['recoveryCodes'];

function codesAsText(codes: string[], texts: RecoveryTexts, locale: string): string {
  return [texts.fileTitle, texts.savedOn(new Date().toLocaleString(locale)), '', ...codes, ''].join('\n');
}

function downloadCodes(codes: string[], texts: RecoveryTexts, locale: string): void {
  const url = URL.createObjectURL(new Blob([codesAsText(codes, texts, locale)], { type: 'text/plain;charset=utf-8' }));
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
  const auth = useAuthTexts();
  const texts = auth.recoveryCodes;
  const { locale } = useFormat();
  useEffect(() => {
    if (codes) setSaved(false);
  }, [codes]);

  return (
    <Modal
      opened={codes !== null}
      onClose={() => {
        if (saved) onDone();
      }}
      title={texts.saveTitle}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="md"
      centered
    >
      {codes ? (
        <Stack gap="md">
          <Text size="sm">{richText(texts.saveIntro, { b: (children) => <b>{children}</b> })}</Text>
          <ol className={classes.codes} aria-label={texts.listLabel}>
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
                  {copied ? auth.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
            <Button variant="light" onClick={() => downloadCodes(codes, texts, locale)} leftSection={<IconDownload size={16} aria-hidden />}>
              {texts.download}
            </Button>
          </Group>
          <Checkbox label={texts.saved} checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button onClick={onDone} disabled={!saved}>
              {texts.done}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
