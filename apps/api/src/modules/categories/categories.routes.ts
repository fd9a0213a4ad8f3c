import {
  categoryCreateBodySchema,
  categoryDeleteBodySchema,
  categoryHiddenBodySchema,
  categoryListQuerySchema,
  categoryListSchema,
  categorySchema,
  categoryUpdateBodySchema,
  errorBodySchema,
  idParamsSchema,
  subcategoryCreateBodySchema,
  subcategoryDeleteBodySchema,
  subcategoryListSchema,
  subcategorySchema,
  subcategoryUpdateBodySchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  getCategory,
  listCategories,
  listSubcategories,
  setCategoryHiddenFor,
  updateCategory,
  updateSubcategory,
} from './categories.service.ts';

const tags = ['categories'];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

export async function categoryRoutes(app: App): Promise<void> {
  app.get(
    '/category',
    {
      schema: {
        summary: 'Categories with their subcategories',
        operationId: 'listCategories',
        tags,
        querystring: categoryListQuerySchema,
        response: { 200: categoryListSchema },
      },
    },
    async (request) => ({
      data: await listCategories(app.db, request.user.id, request.user.languageId, request.query),
    }),
  );
  app.get(
    '/category/:id',
    {
      schema: {
        summary: 'One category',
        operationId: 'getCategory',
        tags,
        params: idParamsSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => getCategory(app.db, request.user.id, request.user.languageId, request.params.id),
  );
  app.post(
    '/category',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create a category',
        operationId: 'createCategory',
        tags,
        body: categoryCreateBodySchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const category = await createCategory(app.db, request.user.id, request.user.languageId, request.body);
      return reply.status(201).send(category);
    },
  );
  app.put(
    '/category/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Change a category',
        operationId: 'updateCategory',
        tags,
        params: idParamsSchema,
        body: categoryUpdateBodySchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) =>
      updateCategory(app.db, request.user.id, request.user.languageId, request.params.id, request.body),
  );
  app.put(
    '/category/:id/hidden',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Hide a category from the pickers, or show it again',
        operationId: 'setCategoryHidden',
        tags,
        description:
          "Hides category {id} (system or the user's own) for this user only. Its entries, budgets and " +
          'reports are unchanged; GET /category answers `hidden: true` and the app leaves it out of pickers.',
        params: idParamsSchema,
        body: categoryHiddenBodySchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) =>
      setCategoryHiddenFor(app.db, request.user.id, request.user.languageId, request.params.id, request.body),
  );
  app.delete(
    '/category/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete a category (moving its entries)',
        operationId: 'deleteCategory',
        tags,
        params: idParamsSchema,
        body: categoryDeleteBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.user.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/subcategory/:id',
    {
      schema: {
        summary: 'Subcategories of a category',
        operationId: 'listSubcategories',
        tags,
        description: 'Subcategories of category {id}.',
        params: idParamsSchema,
        response: { 200: subcategoryListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listSubcategories(app.db, request.user.id, request.user.languageId, request.params.id),
    }),
  );
  app.post(
    '/subcategory',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create a subcategory',
        operationId: 'createSubcategory',
        tags,
        body: subcategoryCreateBodySchema,
        response: { 201: subcategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const sub = await createSubcategory(app.db, request.user.id, request.user.languageId, request.body);
      return reply.status(201).send(sub);
    },
  );
  app.put(
    '/subcategory/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Change a subcategory',
        operationId: 'updateSubcategory',
        tags,
        params: idParamsSchema,
        body: subcategoryUpdateBodySchema,
        response: { 200: subcategorySchema, ...errors },
      },
    },
    async (request) =>
      updateSubcategory(
        app.db,
        request.user.id,
        request.user.languageId,
        request.params.id,
        request.body.name,
      ),
  );
  app.delete(
    '/subcategory/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete a subcategory (moving its entries)',
        operationId: 'deleteSubcategory',
        tags,
        params: idParamsSchema,
        body: subcategoryDeleteBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSubcategory(app.db, request.user.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
