import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { signInWithPasskey } from '../api/sign-in-methods.ts';
import { continueSignIn } from '../sign-in-flow.ts';

/**
 * "Sign in with a passkey": the browser's prompt, then the sign-in. A prompt the user dismissed says
 * nothing (it was their choice); any other failure is one message for the page to show.
 */
export function usePasskeySignIn(next: string) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      await continueSignIn(await signInWithPasskey(), next);
    } catch (failure) {
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      setError(
        isApiError(failure) && failure.code === 'RATE_LIMITED'
          ? errorMessage(failure)
          : t('social.passkeyFailed'),
      );
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, start };
}
