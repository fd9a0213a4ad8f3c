import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { getAuthState, setAuthState, useAuth } from '../../../lib/auth-store.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { AuthHeader } from '../components/AuthHeader.tsx';

type Status = 'checking' | 'success' | 'already' | 'failure' | 'missing';

/** Landing page of the verification e-mail: posts the token once and shows the outcome. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isAuthenticated } = useAuth();
  const [status, setStatus] = useState<Status>(token ? 'checking' : 'missing');
  // StrictMode runs effects twice in development; a token is single-use, so post it once.
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    verifyEmail(token).then(
      (answer) => {
        setStatus(answer.already_verified ? 'already' : 'success');
        // The signed-in user's reminder (layout) goes away without signing in again.
        const { user } = getAuthState();
        if (user && user.email_verified_at === null) {
          setAuthState({ user: { ...user, email_verified_at: new Date().toISOString() } });
        }
      },
      () => setStatus('failure'),
    );
  }, [token]);

  return (
    <>
      <AuthHeader title={t('verify.title')} heading={t('verify.title')} />
      <Stack gap="md" aria-live="polite">
        {status === 'checking' ? (
          <Center py="md" role="status">
            <Loader aria-label={t('verify.checking')} />
          </Center>
        ) : status === 'success' || status === 'already' ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden="true" />}
            data-testid="verify-success"
          >
            {status === 'already' ? t('verify.alreadyVerified') : t('verify.success')}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
            role="alert"
            data-testid="verify-failure"
          >
            {status === 'missing' ? t('verify.missingToken') : t('verify.failure')}
          </Alert>
        )}
        {status !== 'checking' ? (
          <Button component={Link} to={isAuthenticated ? HOME_PATH : paths.auth.login} fullWidth>
            {t('verify.continue')}
          </Button>
        ) : null}
      </Stack>
    </>
  );
}
