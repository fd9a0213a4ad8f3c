import { Anchor, Avatar, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/Logo.tsx';
import { usePageTitle } from '../../../components/PageTitle.tsx';
import { wrappingBadge } from '../../../components/wrapping-button.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { initials } from '../../../lib/initials.ts';
import { intlLocale } from '../../../lib/locale.ts';

/** /me (no layout): who is signed in. */
export function MePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  usePageTitle(t('me.title'));
  if (!user) return null;
  const since = new Intl.DateTimeFormat(intlLocale(currentLocale()), { dateStyle: 'long' }).format(
    new Date(user.created_at),
  );
  return (
    <Container size={520} py="xl" px="md">
      <Group component="header" mb="lg">
        <Anchor component={Link} to={HOME_PATH} c="inherit" underline="never">
          <Logo />
        </Anchor>
      </Group>
      <Paper component="main" id="main" withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} fz="xl">
            {t('me.title')}
          </Title>
          <Group wrap="nowrap">
            <Avatar size={56} radius="xl" color="centavo">
              {initials(user.name)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="me-name">
                {user.name}
              </Text>
              <Text c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            <Badge
              variant="light"
              color={user.email_verified_at ? 'centavo' : 'yellow'}
              styles={wrappingBadge}
            >
              {user.email_verified_at ? t('me.verified') : t('me.notVerified')}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('me.memberSince', { date: since })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.profile}>
              {t('nav.profile')}
            </Anchor>
            <Anchor component={Link} to={HOME_PATH}>
              {t('nav.entries')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
