import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { usePageTitle } from '../../../components/PageTitle.tsx';
import { navigate } from '../../../lib/navigation.ts';
import { exchangeSocialCode } from '../api/sign-in-methods.ts';
import { continueSignIn } from '../sign-in-flow.ts';

/** Codes already being exchanged: React's development double effect must not spend a code twice. */
const exchanging = new Set<string>();

/**
 * /auth/social-callback#code=… (spec §2, DESIGN.md §5): the API's callback lands here with a one-time code in
 * the fragment, which no server or Referer sees. The page removes it from the address bar at once, swaps it
 * for tokens (or for the second step) and goes on; a stale or spent code goes back to the login page with
 * its message.
 */
export function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('callback.title'));
  useEffect(() => {
    const code = new URLSearchParams(globalThis.location.hash.slice(1)).get('code');
    globalThis.history.replaceState(globalThis.history.state, '', globalThis.location.pathname);
    if (!code) {
      navigate(`${paths.auth.login}?error=expired`, { replace: true });
      return;
    }
    if (exchanging.has(code)) return;
    exchanging.add(code);
    exchangeSocialCode(code)
      .then((result) => continueSignIn(result, HOME_PATH))
      .catch(() => navigate(`${paths.auth.login}?error=expired`, { replace: true }));
  }, []);
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text role="status">{t('callback.working')}</Text>
      </Stack>
    </Center>
  );
}
