import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** Texts of the sign-in methods' pages in each interface language (issue 22). */
export const SIGN_IN_TEXTS = {
  en: {
    browser: 'en-US',
    continueWith: /^continue with test id$/i,
    passkey: /^sign in with a passkey$/i,
    turnOn: /^turn on$/i,
    next: /^continue$/i,
    appCode: /^6-digit code from the app/i,
    saved: /^i have saved my codes$/i,
    addPasskey: /^add a passkey$/i,
    passkeyName: /^name of the passkey/i,
    code: /^code/i,
    verify: /^verify$/i,
    on: /^on$/i,
    thirdParty: /^sign in with another account$/i,
    denied: /you cancelled the sign-in/i,
  },
  br: {
    browser: 'pt-BR',
    continueWith: /^continuar com test id$/i,
    passkey: /^entrar com uma chave de acesso$/i,
    turnOn: /^ativar$/i,
    next: /^continuar$/i,
    appCode: /^código de 6 dígitos do app/i,
    saved: /^já guardei meus códigos$/i,
    addPasskey: /^adicionar uma chave de acesso$/i,
    passkeyName: /^nome da chave de acesso/i,
    code: /^código/i,
    verify: /^verificar$/i,
    on: /^ativada$/i,
    thirdParty: /^entre com outra conta$/i,
    denied: /você cancelou o login/i,
  },
} as const;
export type SignInTexts = (typeof SIGN_IN_TEXTS)[keyof typeof SIGN_IN_TEXTS];

/** The tests' OpenID provider's own page (apps/api/test/oidc/provider.ts): who signs in, allow or deny. */
export async function approveAtProvider(page: Page, user: { email: string; name: string }) {
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Name' }).fill(user.name);
  await page.getByRole('button', { name: 'Allow' }).click();
}

export async function denyAtProvider(page: Page) {
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with resident keys and
 * user verification that answers at once, as a laptop's fingerprint reader would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * The authenticator app. Each time step's code works once: the set-up is confirmed with the code of now, and a
 * sign-in uses the step after now (accepted: one step either side), which is never the one already spent.
 */
export function currentCode(secret: string): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
}

export function nextCode(secret: string): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
}
