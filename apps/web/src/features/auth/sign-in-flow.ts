import type { SignInResponse } from '@centavo/shared';
import { isMfaRequired } from '@centavo/shared/sign-in';
import { paths } from '../../app/paths.ts';
import { navigate } from '../../lib/navigation.ts';
import { setPendingMfa } from './mfa-pending.ts';
import { completeSignIn } from './session.ts';

/**
 * After the first step of any sign-in (password, provider, passkey): tokens sign the user in and go on to
 * `next`; `{mfa_required}` goes to the two-factor page, which completes it and then goes to `next`.
 */
export async function continueSignIn(result: SignInResponse, next: string): Promise<void> {
  if (isMfaRequired(result)) {
    setPendingMfa(result.mfa_token, next);
    navigate(paths.auth.twoFactor, { replace: true });
    return;
  }
  await completeSignIn(result);
  navigate(next, { replace: true });
}
