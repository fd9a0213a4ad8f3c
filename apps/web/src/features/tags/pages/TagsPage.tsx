import type { Tag } from '@centavo/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTag, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { TagNameInput, tagErrorMessage, tagProblemMessage } from '../components/TagNameInput.tsx';
import { filterTags, tagNameProblem } from '../tag-list.ts';

function CreateTagForm({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation(['ledger', 'common']);
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = tagNameProblem(name);
    if (problem) {
      setError(tagProblemMessage(t, problem));
      inputRef.current?.focus();
      return;
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (tag) => {
          toastSuccess(t('tags.createdToast', { name: tag.name }));
          setName('');
          setError(null);
          inputRef.current?.focus();
        },
        onError: (failure) => {
          setError(tagErrorMessage(t, failure));
          inputRef.current?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('tags.newLabel')}>
      <Group align="flex-end" gap="xs">
        <TagNameInput
          ref={inputRef}
          label={t('tags.newLabel')}
          placeholder={t('tags.newPlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          style={{ flex: '1 1 200px' }}
          name="new-tag"
        />
        <Button
          autoContrast
          type="submit"
          loading={create.isPending}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('tags.add')}
        </Button>
      </Group>
    </form>
  );
}

function RenameTagForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const update = useUpdateTag();
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = tagNameProblem(name);
    if (problem) {
      setError(tagProblemMessage(t, problem));
      return;
    }
    if (name.trim() === tag.name) {
      onDone();
      return;
    }
    update.mutate(
      { id: tag.id, body: { name: name.trim() } },
      {
        onSuccess: (saved) => {
          toastSuccess(t('tags.renamedToast', { name: saved.name }));
          onDone();
        },
        onError: (failure) => setError(tagErrorMessage(t, failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TagNameInput
          label={t('tags.renameLabel')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button autoContrast type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface Dialog {
  opened: boolean;
  tag: Tag | null;
}
const CLOSED: Dialog = { opened: false, tag: null };

export function TagsPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const { locale } = useMoneyFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const tags = useTags();
  const remove = useDeleteTag();
  const [renaming, setRenaming] = useState<Dialog>(CLOSED);
  const [deleting, setDeleting] = useState<Dialog>(CLOSED);
  const newTagRef = useRef<HTMLInputElement>(null);

  const all = tags.data?.data ?? [];
  const shown = filterTags(all, search, locale);

  function setSearch(q: string) {
    setSearchParams(q ? { q } : {}, { replace: true });
  }

  function confirmDelete() {
    const tag = deleting.tag;
    if (!tag) return;
    remove.mutate(tag.id, {
      onSuccess: () => {
        toastSuccess(t('tags.deletedToast', { name: tag.name }));
        setDeleting((d) => ({ ...d, opened: false }));
      },
      onError: (error) => toastError(errorMessage(error)),
    });
  }

  const deleteCount = deleting.tag?.count ?? 0;

  return (
    <Stack maw={760} gap="lg">
      <PageHeader title={t('tags.title')} subtitle={t('tags.subtitle')} />
      <Paper withBorder radius="lg" p="md">
        <CreateTagForm inputRef={newTagRef} />
      </Paper>

      {tags.isError ? (
        <Alert color="red" role="alert" title={t('common.loadFailed')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => tags.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
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
          {shown.length === 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Text c="dimmed" ta="center">
                {t('tags.noMatch', { search })}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
              <Stack
                component="ul"
                gap={0}
                p={0}
                m={0}
                aria-label={t('tags.list')}
                style={{ listStyle: 'none' }}
              >
                {shown.map((tag, index) => (
                  <Group
                    component="li"
                    key={tag.id}
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                    px="md"
                    py="xs"
                    data-testid="tag-row"
                    style={
                      index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
                    }
                  >
                    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                      <IconTag size={16} stroke={1.6} aria-hidden style={{ flex: 'none', marginTop: 4 }} />
                      <Stack gap={2} miw={0}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {tag.name}
                        </Text>
                        <Badge
                          variant="light"
                          color={tag.count ? 'centavo' : 'gray'}
                          radius="sm"
                          tt="none"
                          w="fit-content"
                          data-testid="tag-count"
                        >
                          {t('common.entries', { count: tag.count ?? 0 })}
                        </Badge>
                      </Stack>
                    </Group>
                    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                      <Tooltip label={t('common.rename')}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={`${t('common.rename')}: ${tag.name}`}
                          onClick={() => setRenaming({ opened: true, tag })}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('common.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`${t('common.delete')}: ${tag.name}`}
                          onClick={() => setDeleting({ opened: true, tag })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                ))}
              </Stack>
            </Paper>
          )}
        </Stack>
      )}

      <Modal
        opened={renaming.opened}
        onClose={() => setRenaming((d) => ({ ...d, opened: false }))}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('tags.renameTitle')}
        centered
      >
        {renaming.tag ? (
          <RenameTagForm
            key={renaming.tag.id}
            tag={renaming.tag}
            onDone={() => setRenaming((d) => ({ ...d, opened: false }))}
          />
        ) : null}
      </Modal>
      <Modal
        opened={deleting.opened}
        onClose={() => setDeleting((d) => ({ ...d, opened: false }))}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('tags.delete.title', { name: deleting.tag?.name ?? '' })}
        centered
      >
        <Stack gap="md">
          <Text fz="sm" data-testid="tag-delete-usage">
            {t('tags.delete.used', { count: deleteCount })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setDeleting((d) => ({ ...d, opened: false }))}
              data-autofocus
            >
              {t('common.cancel')}
            </Button>
            <Button autoContrast color="red.9" loading={remove.isPending} onClick={confirmDelete}>
              {t('tags.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
