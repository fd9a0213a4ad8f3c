import type { help } from '@centavo/shared/i18n/en/help';
import { foldText } from '@centavo/shared/text';
import { Accordion, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';

type SectionKey = keyof typeof help.sections;

/** Help topics in the order a new user meets them: only what the app does (issue 13 #16). */
const SECTIONS: readonly SectionKey[] = [
  'entries',
  'accounts',
  'import',
  'rules',
  'cards',
  'installments',
  'fixed',
  'transfers',
  'budgets',
  'categories',
  'tags',
  'dashboard',
  'reports',
  'plans',
  'preferences',
  'profile',
  'signIn',
  'logs',
];

function normalise(text: string): string {
  return foldText(text);
}

export function HelpPage() {
  const { t } = useTranslation('help');
  const [query, setQuery] = useState('');
  const topics = SECTIONS.map((key) => {
    const body = t(`sections.${key}.body`, { returnObjects: true });
    return { key, title: t(`sections.${key}.title`), body: Array.isArray(body) ? body.map(String) : [] };
  });
  const needle = normalise(query.trim());
  const visible = needle
    ? topics.filter((topic) => normalise(`${topic.title} ${topic.body.join(' ')}`).includes(needle))
    : topics;

  return (
    <Stack maw={860} gap="lg">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <TextInput
        type="search"
        label={t('search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {visible.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('noResults', { query })}
        </Text>
      ) : (
        <Paper withBorder radius="lg">
          <Accordion
            multiple
            variant="default"
            chevronPosition="right"
            defaultValue={needle ? visible.map((v) => v.key) : []}
          >
            {visible.map((topic) => (
              <Accordion.Item key={topic.key} value={topic.key} id={`help-${topic.key}`}>
                <Accordion.Control>
                  <Text component="span" fw={600}>
                    {topic.title}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {topic.body.map((paragraph) => (
                      <Text key={paragraph} fz="sm" lh={1.65}>
                        {paragraph}
                      </Text>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      )}
    </Stack>
  );
}
