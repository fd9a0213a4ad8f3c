import {
  errorBodySchema,
  idParamsSchema,
  tagBodySchema,
  tagBulkBodySchema,
  tagListQuerySchema,
  tagListSchema,
  tagSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { createTag, createTagsByLabels, getTag, listTags, removeTag, updateTag } from './tags.service.ts';

const tags = ['tags'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

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
  app.get(
    '/tag/:id',
    {
      schema: {
        summary: 'One tag',
        operationId: 'getTag',
        tags,
        params: idParamsSchema,
        response: { 200: tagSchema, ...errors },
      },
    },
    async (request) => getTag(app.db, request.user.id, request.params.id),
  );
  app.post(
    '/tag',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create a tag',
        operationId: 'createTag',
        tags,
        body: tagBodySchema,
        response: { 201: tagSchema, ...errors },
      },
    },
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
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Rename a tag',
        operationId: 'renameTag',
        tags,
        params: idParamsSchema,
        body: tagBodySchema,
        response: { 200: tagSchema, ...errors },
      },
    },
    async (request) => updateTag(app.db, request.user.id, request.params.id, request.body.name),
  );
  app.delete(
    '/tag/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete a tag',
        operationId: 'deleteTag',
        tags,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeTag(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
