import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Reads the environment, listens, and shuts down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // close() stops accepting connections, waits for in-flight requests, then runs onClose (database).
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} listening at ${address} (node ${process.version}, ${app.dbKind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
