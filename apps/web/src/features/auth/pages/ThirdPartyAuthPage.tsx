import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AuthHeader } from '../components/AuthHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { ProviderButtons, socialError, useProviders } from '../components/SocialSignIn.tsx';

/**
 * /third-party-auth (spec §2): every provider this server offers, one button each; with none configured, what
 * an administrator sets to turn one on (DESIGN.md §5).
 */
export function ThirdPartyAuthPage() {
  const { t } = useTranslation('auth');
  const providers = useProviders();
  const [search] = useSearchParams();
  const returned = socialError(search);
  return (
    <>
      <AuthHeader
        title={t('thirdParty.title')}
        heading={t('thirdParty.heading')}
        subtitle={t('thirdParty.subtitle')}
      />
      <Stack gap="md">
        <FormAlert message={returned ? t(`social.errors.${returned}`) : null} />
        {providers === null ? (
          <Skeleton height={36} radius="sm" />
        ) : providers.length > 0 ? (
          <ProviderButtons providers={providers} />
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
            <Stack gap="xs">
              <Text fw={600}>{t('thirdParty.none')}</Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('thirdParty.adminHint')}
              </Text>
            </Stack>
          </Alert>
        )}
        <Anchor component={Link} to={paths.auth.login} fz="sm" ta="center">
          {t('thirdParty.back')}
        </Anchor>
      </Stack>
    </>
  );
}
