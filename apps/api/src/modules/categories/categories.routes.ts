import {
  categoryCreateBodySchema,
  categoryDeleteBodySchema,
  categoryHiddenBodySchema,
  categoryListQuerySchema,
  categoryListSchema,
  categorySchema,
  categoryUpdateBodySchema,
  errorBodySchema,
  subcategoryCreateBodySchema,
  subcategoryDeleteBodySchema,
  subcategoryListSchema,
  subcategorySchema,
  subcategoryUpdateBodySchema,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { rowRoutes } from '../../lib/routes.ts';
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
const rows = rowRoutes(tags, errors);

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
    rows.get({ summary: 'One category', operationId: 'getCategory' }, categorySchema),
    async (request) => getCategory(app.db, request.user.id, request.user.languageId, request.params.id),
  );
  app.post(
    '/category',
    rows.create(
      { summary: 'Create a category', operationId: 'createCategory', body: categoryCreateBodySchema },
      categorySchema,
    ),
    async (request, reply) => {
      const category = await createCategory(app.db, request.user.id, request.user.languageId, request.body);
      return reply.status(201).send(category);
    },
  );
  app.put(
    '/category/:id',
    rows.update(
      { summary: 'Change a category', operationId: 'updateCategory', body: categoryUpdateBodySchema },
      categorySchema,
    ),
    async (request) =>
      updateCategory(app.db, request.user.id, request.user.languageId, request.params.id, request.body),
  );
  app.put(
    '/category/:id/hidden',
    rows.update(
      {
        summary: 'Hide a category from the pickers, or show it again',
        operationId: 'setCategoryHidden',
        description:
          "Hides category {id} (system or the user's own) for this user only. Its entries, budgets and " +
          'reports are unchanged; GET /category answers `hidden: true` and the app leaves it out of pickers.',
        body: categoryHiddenBodySchema,
      },
      categorySchema,
    ),
    async (request) =>
      setCategoryHiddenFor(app.db, request.user.id, request.user.languageId, request.params.id, request.body),
  );
  app.delete(
    '/category/:id',
    rows.remove({
      summary: 'Delete a category (moving its entries)',
      operationId: 'deleteCategory',
      body: categoryDeleteBodySchema,
    }),
    async (request, reply) => {
      await deleteCategory(app.db, request.user.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/subcategory/:id',
    rows.get(
      {
        summary: 'Subcategories of a category',
        operationId: 'listSubcategories',
        description: 'Subcategories of category {id}.',
      },
      subcategoryListSchema,
    ),
    async (request) => ({
      data: await listSubcategories(app.db, request.user.id, request.user.languageId, request.params.id),
    }),
  );
  app.post(
    '/subcategory',
    rows.create(
      {
        summary: 'Create a subcategory',
        operationId: 'createSubcategory',
        body: subcategoryCreateBodySchema,
      },
      subcategorySchema,
    ),
    async (request, reply) => {
      const sub = await createSubcategory(app.db, request.user.id, request.user.languageId, request.body);
      return reply.status(201).send(sub);
    },
  );
  app.put(
    '/subcategory/:id',
    rows.update(
      {
        summary: 'Change a subcategory',
        operationId: 'updateSubcategory',
        body: subcategoryUpdateBodySchema,
      },
      subcategorySchema,
    ),
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
    rows.remove({
      summary: 'Delete a subcategory (moving its entries)',
      operationId: 'deleteSubcategory',
      body: subcategoryDeleteBodySchema,
    }),
    async (request, reply) => {
      await deleteSubcategory(app.db, request.user.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
