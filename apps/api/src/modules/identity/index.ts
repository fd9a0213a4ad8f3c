import type { App } from '../../lib/http.ts';
import { accountLogRoutes } from './account-logs.routes.ts';
import { authRoutes } from './auth.routes.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { identityLimits } from './limits.ts';
import { MailOutbox } from './mail.ts';
import { mfaRoutes, mfaSignInRoutes } from './mfa/mfa.routes.ts';
import { identityRoutes } from './oidc/identities.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { SocialProviders } from './oidc/providers.ts';
import { passkeyRoutes, passkeySignInRoutes } from './passkeys/passkeys.routes.ts';
import { userRoutes } from './user.routes.ts';

export { type LogRequest, recordAccountLog } from './account-logs.ts';

/** Identity: auth, user, preferences, account logs (the foundation issue). */
export async function identityModule(app: App): Promise<void> {
  const outbox = new MailOutbox(app.mailer, app.log);
  app.addHook('onClose', async () => outbox.idle());
  const deps: IdentityDeps = {
    db: app.db,
    config: app.config,
    accessTokens: app.accessTokens,
    outbox,
    limiter: identityLimits(app),
    billing: app.billing,
    clock: app.clock,
    providers: new SocialProviders(app.config),
  };

  await app.register(async (open) => authRoutes(open, deps));
  // Sign-in methods (issue 22): providers, the second step, passkeys; oidcRoutes scopes its cookie and form parsing.
  await app.register(async (open) => oidcRoutes(open, deps));
  await app.register(async (open) => {
    await mfaSignInRoutes(open, deps);
    await passkeySignInRoutes(open, deps);
  });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);
    await userRoutes(signedIn, deps);
    await accountLogRoutes(signedIn, deps);
    await mfaRoutes(signedIn, deps);
    await identityRoutes(signedIn, deps);
    await passkeyRoutes(signedIn, deps);
  });
}
