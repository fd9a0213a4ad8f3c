import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { isValidTimeZone } from '../dates.ts';
import { apiMessage } from '../errors.ts';
import { idSchema } from './common.ts';

/** Contracts of DESIGN.md §5. Field names are the API's (snake_case); forms use the same names. */
/**
 * Kept as typed (trimmed) so the user sees their own spelling; uniqueness and look-ups use the lower-cased
 * form (users.email_normalized), see `normalizeEmail`.
 */
export const emailSchema = z.string().trim().max(254).pipe(z.email());
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const nameSchema = z.string().trim().min(1).max(120);

function confirmed<T extends { password: string; password_confirmation: string }>(
  body: T,
  ctx: z.RefinementCtx,
) {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: apiMessage('passwordConfirmationMismatch'),
    });
  }
}

/** An IANA time zone name the runtime knows (`America/Sao_Paulo`); Intl decides, so unknown names are 422. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, { message: apiMessage('timeZoneInvalid') });

export const registerBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX),
    /** Interface language at registration (1 en, 2 br); defaults from the browser on the client. */
    language_id: idSchema.optional(),
    /** The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); default UTC. */
    time_zone: timeZoneSchema.optional(),
  })
  .superRefine(confirmed);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  stripe_customer_id: z.string().nullable(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
/** Logout revokes the family of the refresh token given; without one only the sign-out is logged. */
export const logoutBodySchema = z.object({ refresh_token: z.string().min(1).max(512).optional() });
export const verifyEmailBodySchema = z.object({ token: z.string().min(1).max(512) });
/** POST /auth/verify-email: `already_verified` when the link had been used and the address is verified. */
export const verifyEmailResponseSchema = z.object({
  message: z.string().meta({ example: 'Your e-mail address is verified' }),
  already_verified: z.boolean().meta({ example: false }),
});
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1).max(512),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .superRefine(confirmed);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  language_id: z.number().int(),
  currency_code_id: z.number().int(),
  country_id: z.number().int(),
  stripe_customer_id: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const updateUserBodySchema = z.object({ name: nameSchema, email: emailSchema });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: z.string().min(1).max(PASSWORD_MAX),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .superRefine(confirmed);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX) });

export const preferencesSchema = z.object({
  language_id: idSchema,
  currency_code_id: idSchema,
  country_id: idSchema,
  /** The zone of the user's "today" (DESIGN.md §4 "A user's today"). */
  time_zone: z.string(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
/** PUT /preference: the spec's three ids; `time_zone` when the user changes it (absent: unchanged). */
export const updatePreferencesBodySchema = preferencesSchema.extend({ time_zone: timeZoneSchema.optional() });
export type PreferencesUpdateBody = z.infer<typeof updatePreferencesBodySchema>;

export const languageSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  decimals: z.number().int(),
});
export const countrySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Language = z.infer<typeof languageSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type Country = z.infer<typeof countrySchema>;

/** PUT /user/preferences answers with the chosen objects (spec §3). */
export const preferencesUpdateResponseSchema = z.object({
  language: languageSchema,
  currency_code: currencySchema,
  country: countrySchema,
  time_zone: z.string(),
});

export const ACCOUNT_LOG_EVENTS = [
  'login',
  'login_failed',
  'logout',
  'register',
  'email_verified',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'profile_updated',
  'preferences_updated',
  'export',
  'subscription_changed',
  'import_committed',
  'import_undone',
  'rule_applied',
  // Sign-in methods (issue 22).
  'identity_linked',
  'identity_unlinked',
  'identity_link_refused',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_failed',
  'recovery_codes_generated',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
] as const;
export type AccountLogEvent = (typeof ACCOUNT_LOG_EVENTS)[number];

export const accountLogSchema = z.object({
  id: z.number().int(),
  event: z.enum(ACCOUNT_LOG_EVENTS),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AccountLog = z.infer<typeof accountLogSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
});
