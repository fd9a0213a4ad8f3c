import type { ImportSummary } from '@centavo/shared';
import { Button, FileButton, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { type ImportTarget, useCreateImport } from '../api/create-import.ts';
import classes from './import.module.css';

const ACCEPT = '.ofx,.qfx,.csv,.txt,.xlsx,.qif,text/csv,application/x-ofx';
const ACCOUNTS = { includeArchived: false } as const;

/** Where the rows go (as the select holds it): `a:<id>` or `c:<id>`. */
export function targetValue(target: ImportTarget): string | null {
  if (target.account_id) return `a:${target.account_id}`;
  if (target.card_id) return `c:${target.card_id}`;
  return null;
}

function targetOf(value: string | null): ImportTarget {
  if (!value) return {};
  const id = Number(value.slice(2));
  return value.startsWith('a:') ? { account_id: id } : { card_id: id };
}

/** Step 1: the account or card, then the file (dropped or chosen); the upload shows its progress. */
export function UploadStep({
  target,
  onTarget,
  onStaged,
}: {
  target: ImportTarget;
  onTarget: (target: ImportTarget) => void;
  onStaged: (summary: ImportSummary) => void;
}) {
  const { t } = useTranslation('import');
  const accounts = useAccounts(ACCOUNTS).data?.data ?? [];
  const cards = (useCards().data?.data ?? []).filter((c) => !c.archived);
  const create = useCreateImport();
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const ready = targetValue(target) !== null;

  function send(file: File | null) {
    if (!file || !ready) return;
    setReading(file.name);
    create.mutate({ file, target }, { onSuccess: onStaged, onSettled: () => setReading(null) });
  }
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files.item(0));
  }

  return (
    <Stack gap="md">
      <Select
        label={t('target.label')}
        placeholder={t('target.placeholder')}
        data={[
          {
            group: t('target.accounts'),
            items: accounts.map((a) => ({ value: `a:${a.id}`, label: a.name })),
          },
          { group: t('target.cards'), items: cards.map((c) => ({ value: `c:${c.id}`, label: c.name })) },
        ]}
        value={targetValue(target)}
        onChange={(value) => onTarget(targetOf(value))}
        maw={420}
        data-testid="import-target"
      />
      <Paper
        withBorder
        radius="lg"
        p="xl"
        className={classes.drop}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop"
      >
        <Stack align="center" gap="sm">
          <IconFileImport size={36} aria-hidden stroke={1.5} />
          <Text fw={600} ta="center">
            {t('file.drop')}
          </Text>
          <Text fz="sm" c="dimmed" ta="center">
            {ready ? t('file.hint') : t('file.needTarget')}
          </Text>
          <Group>
            <FileButton onChange={send} accept={ACCEPT} disabled={!ready || create.isPending}>
              {(props) => (
                <Button {...props} variant="filled" color="centavo.7" data-testid="import-choose">
                  {t('file.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
          {reading ? (
            <Stack gap={4} w="100%" maw={360} role="status">
              <Text fz="sm" ta="center">
                {t('file.reading', { name: reading })}
              </Text>
              <Progress value={100} animated striped aria-label={t('file.reading', { name: reading })} />
            </Stack>
          ) : null}
          {create.isError ? (
            <Text c="red.8" fz="sm" role="alert" data-testid="import-error">
              {errorMessage(create.error)}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
