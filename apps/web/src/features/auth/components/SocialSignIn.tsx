import type { ProvidersResponse, SocialErrorKey } from '@centavo/shared';
import { SOCIAL_ERROR_KEYS } from '@centavo/shared/sign-in';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconFingerprint, IconLogin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButton } from '../../../components/wrapping-button.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { languageIdFromLocale } from '../../../lib/locale.ts';
import { getProviders, startUrl } from '../api/sign-in-methods.ts';

type Providers = ProvidersResponse['data'];

/** The configured providers (GET /auth/providers), empty until known and when none is. */
export function useProviders(): Providers | null {
  const [providers, setProviders] = useState<Providers | null>(null);
  useEffect(() => {
    let live = true;
    void getProviders().then((data) => {
      if (live) setProviders(data);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

const ICONS = { google: IconBrandGoogle, apple: IconBrandApple, oidc: IconLogin } as const;

/** One button per configured provider: a full navigation to the API's start, which goes on to the provider. */
export function ProviderButtons({ providers }: { providers: Providers }) {
  const { t } = useTranslation('auth');
  const languageId = languageIdFromLocale(currentLocale());
  return (
    <Stack gap="xs">
      {providers.map(({ id, name }) => {
        const Icon = ICONS[id];
        return (
          <Button
            key={id}
            component="a"
            href={startUrl(id, languageId)}
            variant="default"
            fullWidth
            styles={wrappingButton}
            leftSection={<Icon size={18} aria-hidden="true" />}
          >
            {t('social.continueWith', { name })}
          </Button>
        );
      })}
    </Stack>
  );
}

/**
 * Below the login or register form: "or", the passkey button (login only, where the browser has WebAuthn) and
 * the providers. Placed after the form so the buttons arriving with the provider list move nothing on screen.
 */
export function OtherWaysIn({ onPasskey, passkeyBusy }: { onPasskey?: () => void; passkeyBusy?: boolean }) {
  const { t } = useTranslation('auth');
  const providers = useProviders() ?? [];
  const passkeys = onPasskey !== undefined && typeof globalThis.PublicKeyCredential === 'function';
  if (!passkeys && providers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('social.or')} labelPosition="center" />
      {passkeys ? (
        <Button
          variant="default"
          fullWidth
          styles={wrappingButton}
          onClick={onPasskey}
          loading={passkeyBusy ?? false}
          leftSection={<IconFingerprint size={18} aria-hidden="true" />}
        >
          {t('social.passkey')}
        </Button>
      ) : null}
      <ProviderButtons providers={providers} />
    </Stack>
  );
}

/** The `?error=<key>` a failed social sign-in comes back with, if it is one the page knows. */
export function socialError(search: URLSearchParams): SocialErrorKey | null {
  const key = search.get('error');
  return key && (SOCIAL_ERROR_KEYS as readonly string[]).includes(key) ? (key as SocialErrorKey) : null;
}
