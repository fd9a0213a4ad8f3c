import { parseArgs } from 'node:util';
import { startTestProvider } from './provider.ts';

/**
 * The tests' OpenID provider as a process, for the browser tests (apps/web/playwright.config.ts):
 * `node apps/api/test/oidc/cli.ts --port 4444 --client-id c --client-secret s --redirect-uri https://…`.
 * With no sign-in queued, its /authorize shows a small form (e-mail, name, allow or deny) as a real provider's
 * login page would.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
  },
});
const provider = await startTestProvider({
  port: Number(values.port ?? 0),
  clients: [
    {
      clientId: values['client-id'] ?? 'centavo-e2e',
      secret: values['client-secret'] ?? 'e2e-secret',
      redirectUris: values['redirect-uri'] ?? [],
    },
  ],
});
console.log(`test OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
