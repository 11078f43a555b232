// A shelf's export (CSV with commas or semicolons, and JSON; plain download links) and import: a CSV of article codes read
// in the browser and sent to shelf.import; the result (added, already there, kept as owned, and
// every code no Tonie has) stays on screen until dismissed.
import { useRef, useState } from 'react';
import { Alert, Button, Code, FileButton, Group, List, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CsvDelimiter, type ShelfName, shelfExportPath } from '@tonieshelf/shared/values/shelf';
import { useLanguage } from '../../i18n/use-language';
import type { ImportShelfResult } from '@tonieshelf/shared/schemas/shelf';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useShelvesTexts } from './shelves-texts';

/** What an import did, until dismissed. */
function ImportResultAlert({ result, onClose }: { result: ImportShelfResult; onClose: () => void }) {
  const texts = useShelvesTexts();
  const unknown = result.unknownCodes;
  return (
    <Alert
      color={unknown.length > 0 ? 'yellow' : 'teal'}
      variant="light"
      title={texts.importDone}
      withCloseButton
      closeButtonLabel={texts.dismiss}
      onClose={onClose}
      data-testid="import-result"
    >
      <Stack gap={6}>
        <List size="sm" spacing={2}>
          <List.Item>{texts.importAdded(result.added)}</List.Item>
          <List.Item>{texts.importAlreadyThere(result.alreadyThere)}</List.Item>
          {result.skippedOwned > 0 ? <List.Item>{texts.importSkippedOwned(result.skippedOwned)}</List.Item> : null}
        </List>
        {unknown.length > 0 ? (
          <div>
            <Text fz="sm" fw={600}>
              {texts.importUnknown(unknown.length)}
            </Text>
            <Group gap={6} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={texts.importUnknown(unknown.length)} data-testid="unknown-codes">
              {unknown.map((code) => (
                <li key={code}>
                  <Code>{code}</Code>
                </li>
              ))}
            </Group>
          </div>
        ) : (
          <Text fz="sm">{texts.importAllFound}</Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Export links and the import button of one shelf. */
export function ShelfExportImport({ shelf }: { shelf: ShelfName }) {
  const texts = useShelvesTexts();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ImportShelfResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const shelfName = texts.shelfNames[shelf];
  // Spreadsheets set to German read semicolons: the German interface offers them first.
  const { language } = useLanguage();
  const [delimiter, setDelimiter] = useState<CsvDelimiter | null>(null);
  const csvDelimiter = delimiter ?? (language === 'de' ? 'semicolon' : 'comma');

  const importCsv = useMutation(
    trpc.shelf.import.mutationOptions({
      onSuccess: (answer) => {
        setResult(answer);
        void queryClient.invalidateQueries(trpc.shelf.pathFilter());
        void queryClient.invalidateQueries(trpc.tonie.list.pathFilter());
      },
      onError: (err) => setError(serverMessage(err) ?? texts.importFailed),
    }),
  );

  const onFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setResult(null);
    setError(null);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setError(texts.fileUnreadable);
      return;
    }
    importCsv.mutate({ shelf, csv });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" align="center">
        <Text fz="xs" fw={600} c="dimmed">
          {texts.csvDelimiter}
        </Text>
        <SegmentedControl
          size="xs"
          value={csvDelimiter}
          onChange={(value) => setDelimiter(value === 'semicolon' ? 'semicolon' : 'comma')}
          aria-label={texts.csvDelimiter}
          data={[
            { value: 'comma', label: texts.delimiterComma },
            { value: 'semicolon', label: texts.delimiterSemicolon },
          ]}
          data-testid="csv-delimiter"
        />
      </Group>
      <Group gap="xs" wrap="wrap">
        {(['csv', 'json'] as const).map((format) => (
          <Button
            key={format}
            component="a"
            href={shelfExportPath(shelf, format, csvDelimiter)}
            download
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={texts.exportLabel(shelfName, format.toUpperCase())}
          >
            {format === 'csv' ? texts.exportCsv : texts.exportJson}
          </Button>
        ))}
        <FileButton onChange={(file) => void onFile(file)} accept=".csv,text/csv,text/plain" resetRef={resetRef}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={importCsv.isPending} leftSection={<IconFileImport size={14} aria-hidden />} data-testid="import-button">
              {texts.importCsv}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text fz="xs" c="dimmed">
        {texts.importHint}
      </Text>
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={texts.importFailed}
          withCloseButton
          closeButtonLabel={texts.dismiss}
          onClose={() => setError(null)}
          role="alert"
        >
          <Text fz="sm">{error}</Text>
        </Alert>
      ) : null}
      {result ? <ImportResultAlert result={result} onClose={() => setResult(null)} /> : null}
    </Stack>
  );
}
