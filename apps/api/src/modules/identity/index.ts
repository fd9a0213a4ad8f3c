import type { App } from '../../lib/http.ts';

/** Identity: auth, user, preferences, account logs (the foundation issue). */
export async function identityModule(_app: App): Promise<void> {}
