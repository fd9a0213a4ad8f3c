import type { ImportSummary } from '@centavo/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../../components/FormModal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useDeleteImport } from '../api/delete-import.ts';
import { useImports } from '../api/list-imports.ts';

const COLORS = {
  needs_mapping: 'yellow.4',
  staged: 'yellow.4',
  committed: 'teal.9',
  undone: 'gray.7',
} as const;

/** The import history with undo (409 lists the entries edited since; "Undo anyway" sends force). */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('import');
  const [page, setPage] = useState(1);
  const list = useImports(page);
  const remove = useDeleteImport();
  const [undoing, setUndoing] = useState<ImportSummary | null>(null);
  const [edited, setEdited] = useState<string[] | null>(null);

  function undo(force: boolean) {
    if (!undoing) return;
    remove.mutate(
      { id: undoing.id, force },
      {
        onSuccess: () => {
          toastSuccess(t('history.undone'));
          setUndoing(null);
          setEdited(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setEdited(error.errors?.entries ?? []);
          else toastError(errorMessage(error));
        },
      },
    );
  }
  const close = () => {
    setUndoing(null);
    setEdited(null);
  };
  const data = list.data;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('history.title')}
      </Title>
      {!data ? (
        <Skeleton h={60} radius="md" />
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="import-history">
          {data.data.map((item) => (
            <Paper
              component="li"
              key={item.id}
              withBorder
              radius="md"
              p="sm"
              data-testid="import-history-item"
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate>
                    {item.file_name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {item.created_at.slice(0, 10)} · {item.format.toUpperCase()}
                    {item.created !== null ? ` · ${t('history.created', { count: item.created })}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={COLORS[item.status]} variant="filled" autoContrast tt="none">
                    {t(`history.statuses.${item.status}`)}
                  </Badge>
                  {item.status === 'committed' ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setUndoing(item)}
                      data-testid="import-undo"
                    >
                      {t('history.undo')}
                    </Button>
                  ) : null}
                  {item.status === 'staged' || item.status === 'needs_mapping' ? (
                    <Button size="xs" variant="default" onClick={() => onOpen(item.id)}>
                      {t('actions.open')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.meta.total > data.meta.per_page ? (
        <Pagination total={Math.ceil(data.meta.total / data.meta.per_page)} value={page} onChange={setPage} />
      ) : null}
      <Modal opened={undoing !== null} onClose={close} title={t('history.confirmTitle')} centered>
        <Stack gap="md">
          <Text>{t('history.confirmText')}</Text>
          {edited ? (
            <Alert color="orange" title={t('history.edited')} data-testid="import-edited">
              <List size="sm">
                {edited.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <DialogButtons
            submitLabel={edited ? t('history.undoAnyway') : t('history.undo')}
            submitColor="red"
            pending={remove.isPending}
            submitTestId="import-undo-confirm"
            onConfirm={() => undo(edited !== null)}
            onCancel={close}
            cancelLabel={t('history.cancel')}
            gap="md"
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
