import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconBuildingBank,
  IconCategory,
  IconChartBar,
  IconChartPie,
  IconHelp,
  IconHistory,
  IconLayoutDashboard,
  IconList,
  IconLogout,
  IconMoon,
  IconReceipt,
  IconSparkles,
  IconSun,
  IconTags,
  IconTargetArrow,
  IconUser,
  IconWand,
} from '@tabler/icons-react';
import { type ComponentType, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { Logo } from '../../components/Logo.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { isSigningOut, scheduleTokenRefresh, signOut } from '../../features/auth/session.ts';
import { BillingBanner } from '../../features/billing/components/BillingBanner.tsx';
import { CardsNav } from '../../features/cards/components/CardsNav.tsx';
import { handleUnauthenticated } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { initials } from '../../lib/initials.ts';
import { paths } from '../paths.ts';
import { LanguageItems } from './LanguageItems.tsx';
import classes from './layouts.module.css';
import { VerifyReminder } from './VerifyReminder.tsx';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

function useNavGroups(): { label: string; items: NavItem[]; cards?: boolean }[] {
  const { t } = useTranslation();
  return [
    {
      label: t('nav.groups.money'),
      items: [
        { to: paths.entriesList, label: t('nav.entries'), icon: IconList },
        { to: paths.accountList, label: t('nav.accounts'), icon: IconBuildingBank },
      ],
    },
    // Each card with its open invoice and available limit (features/cards).
    { label: t('nav.cards'), items: [], cards: true },
    {
      label: t('nav.groups.planning'),
      items: [
        { to: paths.budget, label: t('nav.budget'), icon: IconTargetArrow },
        { to: paths.dashboard, label: t('nav.dashboard'), icon: IconLayoutDashboard },
      ],
    },
    {
      label: t('nav.groups.insights'),
      items: [
        { to: paths.reports.analysis, label: t('nav.analysis'), icon: IconChartBar },
        { to: paths.reports.byCategory, label: t('nav.byCategory'), icon: IconChartPie },
      ],
    },
    {
      label: t('nav.groups.settings'),
      items: [
        { to: paths.configs.categories, label: t('nav.categories'), icon: IconCategory },
        { to: paths.configs.tags, label: t('nav.tags'), icon: IconTags },
        { to: paths.configs.rules, label: t('nav.rules'), icon: IconWand },
        { to: paths.configs.myPlan, label: t('nav.myPlan'), icon: IconReceipt },
        { to: paths.configs.preferences, label: t('nav.preferences'), icon: IconAdjustments },
      ],
    },
  ];
}

function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const letters = initials(user?.name ?? '?');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Tooltip label={t('actions.userMenu')}>
          <ActionIcon
            variant="subtle"
            size="xl"
            radius="xl"
            // The name starts with the initials shown, as screen-reader and voice-control users expect.
            aria-label={`${letters} · ${t('actions.userMenu')}`}
            data-testid="user-menu"
          >
            <Avatar color="centavo" radius="xl" size={34}>
              {letters}
            </Avatar>
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Stack gap={0} px="sm" py={6}>
            <Text fw={600} fz="sm" truncate>
              {user.name}
            </Text>
            <Text c="dimmed" fz="xs" truncate>
              {user.email}
            </Text>
          </Stack>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.configs.preferences}
          leftSection={<IconAdjustments size={16} />}
        >
          {t('nav.preferences')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.logs} leftSection={<IconHistory size={16} />}>
          {t('nav.logs')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.help} leftSection={<IconHelp size={16} />}>
          {t('nav.help')}
        </Menu.Item>
        <Menu.Item
          leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        </Menu.Item>
        <Menu.Divider />
        <LanguageItems />
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => signOut()}
          data-testid="sign-out"
        >
          {t('actions.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The signed-in shell: auth check, navigation to every area, user menu (DESIGN §7). */
export function LoggedInLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const groups = useNavGroups();

  // Close the mobile navigation after each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => close(), [location.pathname]);

  const expiresAt = auth.isAuthenticated ? auth.token?.expires_at : undefined;
  useEffect(() => scheduleTokenRefresh(expiresAt, handleUnauthenticated), [expiresAt]);

  if (!auth.isAuthenticated) {
    return (
      <Navigate
        to={paths.auth.login}
        replace
        state={isSigningOut() ? undefined : { from: `${location.pathname}${location.search}` }}
      />
    );
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('actions.closeNavigation') : t('actions.openNavigation')}
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <Link to={paths.entriesList} style={{ color: 'inherit', textDecoration: 'none' }}>
              <Logo size={28} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={t('nav.upgrade')}>
              <ActionIcon
                component={Link}
                to={paths.configs.upgrade}
                variant="light"
                size="lg"
                aria-label={t('nav.upgrade')}
                visibleFrom="xs"
              >
                <IconSparkles size={18} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" p="sm" component="nav" aria-label={t('nav.main')}>
        <ScrollArea type="auto">
          <Stack gap="md">
            {groups.map((group) => (
              <Stack key={group.label} gap={2}>
                <Text className={classes.navSection} fz={11} fw={700} c="dimmed" px="sm" pb={2}>
                  {group.label}
                </Text>
                {group.items.map((item) => (
                  // react-router marks the link of the current page aria-current="page", which Mantine's
                  // NavLink styles as active.
                  <NavLink
                    key={item.to}
                    component={RouterNavLink}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.6} />}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                ))}
                {group.cards ? <CardsNav /> : null}
              </Stack>
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <VerifyReminder />
        <ErrorBoundary resetKey={location.pathname}>
          {/* Its own boundary: the banner's texts load without holding the page. */}
          <Suspense fallback={null}>
            <BillingBanner />
          </Suspense>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
