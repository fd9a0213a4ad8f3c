import type { App } from '../../lib/http.ts';
import { accountLogRoutes } from './account-logs.routes.ts';
import { authRoutes } from './auth.routes.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { identityLimits } from './limits.ts';
import { MailOutbox } from './mail.ts';
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
  };

  await app.register(async (open) => authRoutes(open, deps));
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);
    await userRoutes(signedIn, deps);
    await accountLogRoutes(signedIn, deps);
  });
}
