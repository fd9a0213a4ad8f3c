import { Alert, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';
import { Logo, LogoMark } from '../../../components/Logo.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Section } from '../../../components/Section.tsx';
import { ThemeToggle } from '../../../components/ThemeToggle.tsx';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { LanguageToggle } from '../../layouts/LanguageMenu.tsx';

/** /components (development builds only): the shared UI in one place, to check themes and languages. */
export function ComponentsGallery() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl" component="main" id="main">
      <PageHeader
        title={t('dev.componentsTitle')}
        subtitle={t('dev.devOnly')}
        actions={
          <Group>
            <LanguageToggle />
            <ThemeToggle />
          </Group>
        }
      />
      <Stack gap="lg">
        <Section id="brand" title="Logo">
          <Group gap="xl">
            <Logo />
            <Logo size={40} />
            <LogoMark size={48} />
          </Group>
        </Section>
        <Section id="buttons" title="Button · Badge">
          <Group>
            <Button>{t('actions.save')}</Button>
            <Button variant="light">{t('actions.back')}</Button>
            <Button variant="default">{t('actions.cancel')}</Button>
            <Button color="red">{t('actions.delete')}</Button>
            <Badge variant="light">{t('dev.sample')}</Badge>
          </Group>
        </Section>
        <Section id="toasts" title="Toasts">
          <Group>
            <Button variant="light" color="green" onClick={() => toastSuccess()}>
              {t('toast.success')}
            </Button>
            <Button variant="light" color="red" onClick={() => toastError()}>
              {t('toast.error')}
            </Button>
          </Group>
        </Section>
        <Section id="alerts" title="Alert">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Alert color="red" title={t('errors.crashTitle')}>
              {t('errors.crashHint')}
            </Alert>
            <Alert color="centavo" title={t('upgrade.title')}>
              {t('upgrade.body')}
            </Alert>
          </SimpleGrid>
        </Section>
        <Paper withBorder radius="lg">
          <Title order={2} fz="lg" p="md">
            ComingSoon
          </Title>
          <ComingSoon area={t('areas.dashboard')} />
        </Paper>
        <Paper withBorder radius="lg">
          <Title order={2} fz="lg" p="md">
            NotFound
          </Title>
          <NotFound />
          <Text c="dimmed" fz="sm" p="md">
            {t('dev.sample')}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
