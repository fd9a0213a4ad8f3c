import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { paths } from '../paths.ts';
import { LanguageToggle } from './LanguageMenu.tsx';
import classes from './layouts.module.css';

/** Visitors' layout (auth pages): brand on top, one centred card, language and theme at hand. */
export function LoggedOutLayout() {
  const { t } = useTranslation();
  return (
    <Box className={classes.loggedOut}>
      <Container size={480} px="md" py={{ base: 'md', sm: 40 }}>
        <Group component="header" justify="space-between" mb="lg" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={paths.landing} underline="never" c="inherit">
            <Logo />
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageToggle />
            <ThemeToggle />
          </Group>
        </Group>
        <Paper component="main" id="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Text component="footer" ta="center" c="dimmed" fz="sm" mt="lg">
          {t('tagline')}
        </Text>
      </Container>
    </Box>
  );
}
