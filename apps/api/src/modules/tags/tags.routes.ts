import {
  errorBodySchema,
  tagBodySchema,
  tagBulkBodySchema,
  tagListQuerySchema,
  tagListSchema,
  tagSchema,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { createTag, createTagsByLabels, getTag, listTags, removeTag, updateTag } from './tags.service.ts';

const tags = ['tags'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

export async function tagRoutes(app: App): Promise<void> {
  app.get(
    '/tag',
    {
      schema: {
        summary: 'Tags',
        operationId: 'listTags',
        tags,
        querystring: tagListQuerySchema,
        response: { 200: tagListSchema },
      },
    },
    async (request) => ({ data: await listTags(app.db, request.user.id, request.query) }),
  );
  app.get('/tag/:id', rows.get({ summary: 'One tag', operationId: 'getTag' }, tagSchema), async (request) =>
    getTag(app.db, request.user.id, request.params.id),
  );
  app.post(
    '/tag',
    rows.create({ summary: 'Create a tag', operationId: 'createTag', body: tagBodySchema }, tagSchema),
    async (request, reply) =>
      reply.status(201).send(await createTag(app.db, request.user.id, request.body.name)),
  );
  app.post(
    '/tag/tags',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Tags for labels, created when missing',
        operationId: 'findOrCreateTags',
        tags,
        description: 'Existing and new tags for the labels (case-insensitive, idempotent).',
        body: tagBulkBodySchema,
        response: { 200: tagListSchema, ...errors },
      },
    },
    async (request) => ({ data: await createTagsByLabels(app.db, request.user.id, request.body.labels) }),
  );
  app.put(
    '/tag/:id',
    rows.update({ summary: 'Rename a tag', operationId: 'renameTag', body: tagBodySchema }, tagSchema),
    async (request) => updateTag(app.db, request.user.id, request.params.id, request.body.name),
  );
  app.delete(
    '/tag/:id',
    rows.remove({ summary: 'Delete a tag', operationId: 'deleteTag' }),
    async (request, reply) => {
      await removeTag(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
