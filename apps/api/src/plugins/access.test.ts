import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { App } from '../lib/http.ts';
import { requireAccessDeclarations } from './access.ts';

describe('route access declarations', () => {
  it('refuses an API write route that does not say what it writes', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>() as unknown as App;
    requireAccessDeclarations(app);
    app.get('/api/v1/read', async () => 'ok');
    app.post('/api/v1/declared', { config: { access: 'open' } }, async () => 'ok');
    expect(() => app.post('/api/v1/undeclared', async () => 'ok')).toThrow(/must declare config.access/);
    await app.close();
  });
});
