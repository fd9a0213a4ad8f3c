import type { Tag } from '@centavo/shared';
import { CloseButton, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconTag } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { CreateTagForm } from '../components/CreateTagForm.tsx';
import { DeleteTagModal } from '../components/DeleteTagModal.tsx';
import { RenameTagModal } from '../components/RenameTagModal.tsx';
import { TagList } from '../components/TagList.tsx';
import { filterTags } from '../tag-list.ts';

/** Which tag a dialog is about; kept while it closes, so its text does not change during the transition. */
interface Dialog {
  opened: boolean;
  tag: Tag | null;
}
const CLOSED: Dialog = { opened: false, tag: null };

/** /configs/tags: create, search (in the URL), rename and delete tags, with how many entries carry each. */
export function TagsPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const locale = intlLocale(useLocale());
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const tags = useTags();
  const [renaming, setRenaming] = useState<Dialog>(CLOSED);
  const [deleting, setDeleting] = useState<Dialog>(CLOSED);
  const newTagRef = useRef<HTMLInputElement>(null);

  const all = tags.data?.data ?? [];
  const shown = filterTags(all, search, locale);
  const setSearch = (q: string) => setSearchParams(q ? { q } : {}, { replace: true });

  return (
    <Stack maw={760} gap="lg">
      <PageHeader title={t('tags.title')} subtitle={t('tags.subtitle')} />
      <Paper withBorder radius="lg" p="md">
        <CreateTagForm inputRef={newTagRef} />
      </Paper>
      {tags.isError ? (
        <LoadFailed onRetry={() => tags.refetch()} />
      ) : tags.isPending ? (
        <Skeleton h={240} radius="lg" />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<IconTag size={28} stroke={1.5} />}
          title={t('tags.empty.title')}
          body={t('tags.empty.body')}
          action={t('tags.empty.cta')}
          onAction={() => newTagRef.current?.focus()}
          testId="tags-empty"
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              label={t('tags.search')}
              placeholder={t('tags.searchPlaceholder')}
              type="search"
              leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
              rightSection={
                search ? (
                  <CloseButton size="sm" aria-label={t('common.clearSearch')} onClick={() => setSearch('')} />
                ) : null
              }
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('tags.count', { count: shown.length })}
            </Text>
          </Group>
          <TagList
            tags={shown}
            search={search}
            onRename={(tag) => setRenaming({ opened: true, tag })}
            onDelete={(tag) => setDeleting({ opened: true, tag })}
          />
        </Stack>
      )}
      <RenameTagModal
        tag={renaming.tag}
        opened={renaming.opened}
        onClose={() => setRenaming((d) => ({ ...d, opened: false }))}
      />
      <DeleteTagModal
        tag={deleting.tag}
        opened={deleting.opened}
        onClose={() => setDeleting((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}
