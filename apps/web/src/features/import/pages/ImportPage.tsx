import type { ImportCommit, ImportSummary } from '@centavo/shared';
import { Alert, Anchor, Button, Group, List, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useCommitImport } from '../api/commit-import.ts';
import type { ImportTarget } from '../api/create-import.ts';
import { useDeleteImport } from '../api/delete-import.ts';
import { useImport } from '../api/get-import.ts';
import { DetectedCard } from '../components/DetectedCard.tsx';
import { ImportHistory } from '../components/ImportHistory.tsx';
import { MappingStep } from '../components/MappingStep.tsx';
import { RowsReview } from '../components/RowsReview.tsx';
import { UploadStep } from '../components/UploadStep.tsx';

const positive = (text: string | null) => (text && /^\d{1,12}$/.test(text) ? Number(text) : undefined);

/**
 * /import (DESIGN.md §8): choose the account or card and the file; see what was read; map the columns when
 * the layout is new; review every row (status, category, include); commit; the history with undo. The
 * import in progress is in the URL (?id=), so a reload or the back button keeps it.
 */
export function ImportPage() {
  const { t } = useTranslation('import');
  const [params, setParams] = useSearchParams();
  const target: ImportTarget = {
    account_id: positive(params.get('account_id')),
    card_id: positive(params.get('card_id')),
  };
  const id = positive(params.get('id')) ?? null;
  const current = useImport(id);
  const commit = useCommitImport();
  const discard = useDeleteImport();
  const [done, setDone] = useState<ImportCommit | null>(null);
  // One key per import shown: a double click or a retry of this commit answers the first answer.
  const key = useMemo(() => `import-${id}-${crypto.randomUUID()}`, [id]);

  const show = (next: Record<string, string>) => setParams(next, { replace: false });
  const summary: ImportSummary | undefined = current.data;
  const targetParams = () => {
    const out: Record<string, string> = {};
    if (target.account_id) out.account_id = String(target.account_id);
    if (target.card_id) out.card_id = String(target.card_id);
    return out;
  };
  const staged = summary?.status === 'staged';

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {done ? (
        <Alert color="teal" title={t('summary.title')} data-testid="import-summary">
          <Stack gap="xs">
            <List size="sm">
              <List.Item>{t('summary.created', { count: done.created })}</List.Item>
              {done.payments ? (
                <List.Item>{t('summary.payments', { count: done.payments })}</List.Item>
              ) : null}
              <List.Item>{t('summary.duplicates', { count: done.duplicates })}</List.Item>
              {done.skipped - done.duplicates > 0 ? (
                <List.Item>{t('summary.skipped', { count: done.skipped - done.duplicates })}</List.Item>
              ) : null}
            </List>
            <Group gap="md">
              <Anchor component={Link} to={paths.entriesList}>
                {t('summary.toEntries')}
              </Anchor>
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setDone(null);
                  show(targetParams());
                }}
              >
                {t('actions.another')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {id === null ? (
        <UploadStep
          target={target}
          onTarget={(next) => show(Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)])))}
          onStaged={(s) => show({ ...targetParams(), id: String(s.id) })}
        />
      ) : null}
      {summary && !done ? <DetectedCard summary={summary} /> : null}
      {summary?.status === 'needs_mapping' ? (
        <MappingStep summary={summary} onMapped={() => void current.refetch()} />
      ) : null}
      {summary && summary.status !== 'needs_mapping' && !done ? (
        <>
          {staged ? (
            <Group gap="sm">
              <Button
                color="centavo.7"
                loading={commit.isPending}
                onClick={() =>
                  commit.mutate(
                    { id: summary.id, key },
                    { onSuccess: setDone, onError: (error) => toastError(errorMessage(error)) },
                  )
                }
                data-testid="import-commit"
              >
                {t('actions.commit')}
              </Button>
              <Button
                variant="default"
                loading={discard.isPending}
                onClick={() =>
                  discard.mutate(
                    { id: summary.id, force: false },
                    {
                      onSuccess: () => {
                        toastSuccess(t('history.discarded'));
                        show(targetParams());
                      },
                      onError: (error) => toastError(errorMessage(error)),
                    },
                  )
                }
              >
                {t('actions.discard')}
              </Button>
            </Group>
          ) : null}
          <RowsReview summary={summary} readOnly={!staged} />
        </>
      ) : null}
      <ImportHistory onOpen={(open) => show({ id: String(open) })} />
    </Stack>
  );
}
