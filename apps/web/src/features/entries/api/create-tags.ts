import type { Tag } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /tag/tags: the tags for these labels, existing or new, in order (idempotent). */
export function createTags(labels: string[]): Promise<{ data: Tag[] }> {
  return apiRequest<{ data: Tag[] }>('/tag/tags', { method: 'POST', body: { labels } });
}
