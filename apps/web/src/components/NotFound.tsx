import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { usePageTitle } from './PageTitle.tsx';

/**
 * The 404 page of spec §2/§8: `unmatched` (no route) says 'Page not found: {path}', `invalid` (a route
 * whose validity check failed) says 'Page Not Found: {path}'.
 */
export function NotFound({ reason = 'unmatched' }: { reason?: 'unmatched' | 'invalid' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const message = t(reason === 'invalid' ? 'errors.routeInvalid' : 'errors.pageNotFound', { path: pathname });
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center" data-testid="not-found">
      <ThemeIcon size={72} radius={72} variant="light">
        <IconMapSearch size={38} stroke={1.5} aria-hidden="true" />
      </ThemeIcon>
      <Text fw={700} fz={48} lh={1} c="dimmed" aria-hidden="true">
        404
      </Text>
      <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('errors.notFoundHint')}
      </Text>
      <Button component={Link} to={paths.landing} variant="light">
        {t('actions.goHome')}
      </Button>
    </Stack>
  );
}
