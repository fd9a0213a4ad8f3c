import { z } from 'zod';
import { PASSWORD_MAX } from '../constants.ts';
import { apiMessage } from '../errors.ts';
import { SOCIAL_PROVIDERS } from '../sign-in.ts';
import { idSchema } from './common.ts';
import { tokenResponseSchema } from './identity.ts';

export * from '../sign-in.ts';

/**
 * Contracts of DESIGN.md §5 "Social sign-in" and "Two-factor authentication" (issue 22). Routes and bodies
 * named there keep their names; the ones DESIGN leaves open (profile lists, passkeys) are documented in
 * docs/decisions/sign-in-methods.md.
 */
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS).meta({ example: 'google' });

/** GET /auth/providers: the configured providers, in this order; an empty list when none is. */
export const providersResponseSchema = z.object({
  data: z.array(z.object({ id: socialProviderSchema, name: z.string().meta({ example: 'Google' }) })),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/** The one-time code of `/auth/social-callback#code=…`. */
export const socialExchangeBodySchema = z.object({ code: z.string().min(1).max(256) });

/** With 2FA on, a sign-in answers this instead of tokens; `POST /auth/login/2fa` completes it. */
export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string().meta({ description: 'Single use, valid 5 minutes' }),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;
/** POST /auth/login and POST /auth/social/exchange: tokens, or the second step. */
export const signInResponseSchema = z.union([tokenResponseSchema, mfaRequiredSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** Spaces a user may type between the digits are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: apiMessage('totpCodeFormat') }))
  .meta({ example: '123456' });
/** A recovery code as shown (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z.string().trim().min(1).max(40).meta({ example: 'k7m2q-9xw4p' });
/** A TOTP code or, where a code is asked for to change a setting, a recovery code. */
export const codeOrRecoverySchema = z.string().trim().min(1).max(40).meta({ example: '123456' });
const optionalPassword = z.string().min(1).max(PASSWORD_MAX).optional();

export const login2faBodySchema = z
  .object({
    mfa_token: z.string().min(1).max(256),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.code === undefined) === (body.recovery_code === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: apiMessage('codeOrRecoveryCode') });
    }
  });
export type Login2faBody = z.infer<typeof login2faBodySchema>;

/** Accounts without a password leave it out: a sign-in within the last 10 minutes stands in for it. */
export const totpSetupBodySchema = z.object({ password: optionalPassword });
export const totpSetupResponseSchema = z.object({
  secret: z.string().meta({ description: 'Base32, for typing into the app', example: 'JBSWY3DPEHPK3PXP' }),
  otpauth_url: z.string().meta({ example: 'otpauth://totp/Centavo:ana%40example.com?secret=…' }),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;
export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
/** DELETE /user/2fa and POST /user/2fa/recovery-codes: the password and a code (a recovery code works too). */
export const mfaChangeBodySchema = z.object({ password: optionalPassword, code: codeOrRecoverySchema });
export type MfaChangeBody = z.infer<typeof mfaChangeBodySchema>;

/** GET /user/2fa: what the profile's sign-in section shows. */
export const twoFactorStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_remaining: z.number().int(),
  has_password: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const linkedIdentitySchema = z.object({
  id: z.number().int(),
  provider: socialProviderSchema,
  name: z.string().meta({ description: "The provider's display name", example: 'Google' }),
  email: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesResponseSchema = z.object({ data: z.array(linkedIdentitySchema) });
export const linkIdentityBodySchema = z.object({
  provider: socialProviderSchema,
  password: optionalPassword,
});
export const linkIdentityResponseSchema = z.object({
  url: z.string().meta({ description: 'Open it in the browser to continue at the provider' }),
});

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  backed_up: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysResponseSchema = z.object({ data: z.array(passkeySchema) });
export const passkeyOptionsBodySchema = z.object({ password: optionalPassword });
/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON). */
export const webauthnOptionsResponseSchema = z.object({ options: z.record(z.string(), z.unknown()) });

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialBase = {
  id: b64url.min(1).max(1_024),
  rawId: b64url.min(1).max(1_024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** RegistrationResponseJSON of WebAuthn Level 3 (what @simplewebauthn/browser's startRegistration returns). */
export const passkeyRegistrationSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
/** AuthenticationResponseJSON (startAuthentication's answer). */
export const passkeyAssertionSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
});
export const addPasskeyBodySchema = z.object({
  name: z.string().trim().min(1).max(60),
  response: passkeyRegistrationSchema,
});
export const passkeySignInBodySchema = z.object({ response: passkeyAssertionSchema });
export const passkeyIdParamsSchema = z.object({ id: idSchema });
