import { TRIAL_DAYS } from '@centavo/shared/constants';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarRepeat,
  IconChartBar,
  IconCheck,
  IconCreditCard,
  IconLanguage,
  IconListDetails,
  IconShieldLock,
  IconTargetArrow,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../../app/layouts/LanguageMenu.tsx';
import { paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/Logo.tsx';
import { usePageTitle } from '../../../components/PageTitle.tsx';
import { ThemeToggle } from '../../../components/ThemeToggle.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { formatPrice, yearlySaving } from '../../../lib/pricing.ts';
import { usePrices } from '../../../lib/queries/prices.ts';
import classes from './LandingPage.module.css';

const FEATURES = [
  { key: 'entries', icon: IconListDetails },
  { key: 'cards', icon: IconCreditCard },
  { key: 'budgets', icon: IconTargetArrow },
  { key: 'reports', icon: IconChartBar },
  { key: 'languages', icon: IconLanguage },
  { key: 'privacy', icon: IconShieldLock },
] as const;

/** Public home page (DESIGN §7): what Centavo is, the two plans and the 7-day trial. */
export function LandingPage() {
  const { t } = useTranslation(['landing', 'common', 'billing']);
  // Real prices from Stripe when billing is on; [] on a self-hosted instance (no STRIPE_SECRET_KEY).
  const prices = usePrices();
  const locale = intlLocale(useLocale());
  const saving = prices.data ? yearlySaving(prices.data) : null;
  usePageTitle(t('title'));
  return (
    <Box className={classes.page}>
      <Container size="lg" px="md">
        <Group component="header" justify="space-between" py="md" wrap="nowrap">
          <Logo />
          <Group gap="xs" wrap="nowrap">
            <LanguageToggle />
            <ThemeToggle />
            <Button
              component={Link}
              to={paths.auth.login}
              variant="subtle"
              px="xs"
              className={classes.headerSignIn}
            >
              {t('common:actions.signIn')}
            </Button>
          </Group>
        </Group>
      </Container>

      <main id="main">
        <Container size="lg" px="md" className={classes.hero}>
          <Stack gap="lg" maw={720}>
            <Text c="centavo" fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: '0.08em' }}>
              {t('hero.eyebrow')}
            </Text>
            <Title order={1} className={classes.heroTitle}>
              {t('hero.heading')}
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="dimmed" maw={620}>
              {t('hero.body')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.auth.register} size="lg" className={classes.heroButton}>
                {t('hero.primary', { days: TRIAL_DAYS })}
              </Button>
              <Button
                component={Link}
                to={paths.auth.login}
                size="lg"
                variant="default"
                className={classes.heroButton}
              >
                {t('hero.secondary')}
              </Button>
            </Group>
          </Stack>
        </Container>

        <Container
          size="lg"
          px="md"
          py={{ base: 48, sm: 72 }}
          component="section"
          aria-labelledby="features-title"
        >
          <Title order={2} id="features-title" mb="xl" fz={{ base: 24, sm: 32 }}>
            {t('features.heading')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {FEATURES.map(({ key, icon: Icon }) => (
              <Paper key={key} withBorder radius="lg" p="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <Icon size={24} stroke={1.6} aria-hidden="true" />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {t(`features.${key}.title`)}
                </Title>
                <Text c="dimmed" fz="sm">
                  {t(`features.${key}.body`)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>

        <Box className={classes.plans} component="section" aria-labelledby="plans-title">
          <Container size="md" px="md" py={{ base: 48, sm: 72 }}>
            <Stack align="center" ta="center" gap="xs" mb="xl">
              <Title order={2} id="plans-title" fz={{ base: 24, sm: 32 }}>
                {t('plans.heading')}
              </Title>
              <Text c="dimmed">{t('plans.subtitle', { days: TRIAL_DAYS })}</Text>
              {prices.data?.length === 0 ? (
                <Alert color="blue" variant="light" data-testid="self-hosted" maw={560}>
                  {t('billing:plan.selfHosted')}
                </Alert>
              ) : null}
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {(['monthly', 'yearly'] as const).map((plan) => (
                <Paper
                  key={plan}
                  withBorder
                  radius="lg"
                  p="xl"
                  shadow={plan === 'yearly' ? 'md' : undefined}
                  className={plan === 'yearly' ? classes.featured : undefined}
                >
                  <Group justify="space-between" mb="xs">
                    <Title order={3} fz="xl">
                      {t(`plans.${plan}.name`)}
                    </Title>
                    {plan === 'yearly' ? <Badge variant="light">{t('plans.yearly.badge')}</Badge> : null}
                  </Group>
                  {(() => {
                    const price = prices.data?.find((p) => p.plan === plan);
                    if (!price) return null;
                    const amount = formatPrice(price.amount, price.currency, locale);
                    return (
                      <Stack gap={2} mb="xs">
                        <Text fz={26} fw={700} data-testid={`landing-price-${plan}`}>
                          {price.interval === 'year'
                            ? t('billing:upgrade.perYear', { price: amount })
                            : t('billing:upgrade.perMonth', { price: amount })}
                        </Text>
                        {plan === 'yearly' && saving ? (
                          <Text fz="sm" fw={600}>
                            {t('billing:upgrade.saves', {
                              amount: formatPrice(saving.amount, price.currency, locale),
                              percent: saving.percent,
                            })}
                          </Text>
                        ) : null}
                      </Stack>
                    );
                  })()}
                  <Text c="dimmed" mb="md">
                    {t(`plans.${plan}.body`)}
                  </Text>
                  <List
                    spacing={6}
                    fz="sm"
                    mb="lg"
                    icon={
                      <ThemeIcon size={20} radius="xl" variant="light">
                        <IconCalendarRepeat size={12} aria-hidden="true" />
                      </ThemeIcon>
                    }
                  >
                    <List.Item>{t('plans.trial', { days: TRIAL_DAYS })}</List.Item>
                    <List.Item
                      icon={
                        <ThemeIcon size={20} radius="xl" variant="light">
                          <IconCheck size={12} aria-hidden="true" />
                        </ThemeIcon>
                      }
                    >
                      {t('features.entries.title')} · {t('features.cards.title')} ·{' '}
                      {t('features.budgets.title')}
                    </List.Item>
                  </List>
                  <Button
                    component={Link}
                    to={paths.auth.register}
                    fullWidth
                    variant={plan === 'yearly' ? 'filled' : 'light'}
                  >
                    {t(`plans.${plan}.cta`)}
                  </Button>
                </Paper>
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      </main>

      <Container size="lg" px="md" py="lg" component="footer">
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.auth.register} fz="sm">
              {t('common:actions.signUp')}
            </Anchor>
            <Anchor component={Link} to={paths.auth.login} fz="sm">
              {t('footer.signIn')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
