import type { Tag } from '@centavo/shared';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTag, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One tag: its name, how many entries carry it, rename and delete. */
function TagRow({
  tag,
  first,
  onRename,
  onDelete,
}: {
  tag: Tag;
  first: boolean;
  onRename: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const { t } = useTranslation('ledger');
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="md"
      py="xs"
      data-testid="tag-row"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
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
            {t(tag.repeating ? 'common.entriesSoFar' : 'common.entries', { count: tag.count ?? 0 })}
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
            onClick={() => onRename(tag)}
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
            onClick={() => onDelete(tag)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** The tags shown (after the search), or a line saying none matches. */
export function TagList({
  tags,
  search,
  onRename,
  onDelete,
}: {
  tags: readonly Tag[];
  search: string;
  onRename: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const { t } = useTranslation('ledger');
  if (tags.length === 0) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text c="dimmed" ta="center">
          {t('tags.noMatch', { search })}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Stack component="ul" gap={0} p={0} m={0} aria-label={t('tags.list')} style={{ listStyle: 'none' }}>
        {tags.map((tag, index) => (
          <TagRow key={tag.id} tag={tag} first={index === 0} onRename={onRename} onDelete={onDelete} />
        ))}
      </Stack>
    </Paper>
  );
}
