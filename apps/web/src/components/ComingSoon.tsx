import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { usePageTitle } from './PageTitle.tsx';

/** Areas that later issues fill in (budgets, cards, dashboard, reports, plans) show this, not a blank. */
export function ComingSoon({ area, inSentence }: { area: string; inSentence?: string }) {
  const { t } = useTranslation();
  usePageTitle(area);
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} radius="lg" maw={640} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius={64} variant="light">
          <IconRocket size={32} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('comingSoon.title')}
        </Title>
        <Text c="dimmed">{t('comingSoon.body', { area: inSentence ?? area })}</Text>
        <Button component={Link} to={paths.entriesList}>
          {t('comingSoon.cta')}
        </Button>
      </Stack>
    </Paper>
  );
}
