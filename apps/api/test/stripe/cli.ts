/**
 * The Stripe test server as its own process, for Playwright's webServer list:
 *   node apps/api/test/stripe/cli.ts --port 12111 [--webhook-url URL --webhook-secret SECRET]
 * It prints "Stripe test server listening at <url>" when ready; tests drive it through /_control.
 */
import { parseArgs } from 'node:util';
import { startStripeServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port: not a port: ${values.port}`);
  process.exit(1);
}
const server = await startStripeServer({
  port,
  host: values.host,
  webhookUrl: values['webhook-url'],
  webhookSecret: values['webhook-secret'],
});
console.log(`Stripe test server listening at ${server.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
