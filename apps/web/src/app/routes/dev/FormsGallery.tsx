import { Container, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ForgotPasswordPage } from '../../../features/auth/pages/ForgotPasswordPage.tsx';
import { LoginPage } from '../../../features/auth/pages/LoginPage.tsx';
import { RegisterPage } from '../../../features/auth/pages/RegisterPage.tsx';
import { ResetPasswordPage } from '../../../features/auth/pages/ResetPasswordPage.tsx';

/** /allforms (development builds only): every visitor form side by side, to check validation messages. */
export function FormsGallery() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl" component="main" id="main">
      <PageHeader title={t('dev.formsTitle')} subtitle={t('dev.devOnly')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {[LoginPage, RegisterPage, ForgotPasswordPage, ResetPasswordPage].map((Form) => (
          <Paper key={Form.name} withBorder radius="lg" p="xl">
            <Form />
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
