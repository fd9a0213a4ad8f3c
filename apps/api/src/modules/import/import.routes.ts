import {
  errorBodySchema,
  IMPORT_MAX_BYTES,
  idempotencyHeadersSchema,
  idParamsSchema,
  importCommitSchema,
  importCreateBodySchema,
  importDeleteQuerySchema,
  importListQuerySchema,
  importListSchema,
  importMappingSchema,
  importRowListSchema,
  importRowParamsSchema,
  importRowSchema,
  importRowsQuerySchema,
  importRowUpdateSchema,
  importSchema,
} from '@centavo/shared';
import multipart from '@fastify/multipart';
import type { App } from '../../lib/http.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { commitImport } from './commit.service.ts';
import { listImports } from './import.repository.ts';
import { createImport, discardStaleImports, mapImport, summaryOf } from './import.service.ts';
import { listImportRows, updateImportRowChoice } from './rows.service.ts';
import { toImportSummary } from './summary.ts';
import { deleteImport } from './undo.service.ts';

const tags = ['import'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

/** Import (DESIGN.md §8): upload and stage, preview and choose, commit, undo; the history. */
export async function importRoutes(app: App): Promise<void> {
  // Multipart only here: the file is read into memory (≤ 10 MB: beyond, @fastify/multipart's own limit
  // answers 413) and the fields land in the body, where the zod schema checks them like any JSON body.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 8192, parts: 12 },
    async onFile(part) {
      (part as unknown as { value: unknown }).value = {
        filename: part.filename,
        data: await part.toBuffer(),
      };
    },
  });

  app.post(
    '/import',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Upload a statement and stage its rows',
        operationId: 'createImport',
        tags,
        description:
          'multipart/form-data: file (OFX 1.x/2.x, CSV, QIF, XLSX; ≤ 10 MB) and account_id or card_id. ' +
          'Nothing is written to the ledger: the rows are staged with their status (new, duplicate, probable, ' +
          'skipped). A CSV/XLSX no preset knows answers status needs_mapping with its columns and first rows.',
        consumes: ['multipart/form-data'],
        body: importCreateBodySchema,
        response: { 201: importSchema, 413: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { file, ...fields } = request.body;
      const summary = await createImport(app.db, request.user.id, request.user.languageId, fields, {
        name: file.filename,
        bytes: file.data,
      });
      return reply.status(201).send(summary);
    },
  );

  app.get(
    '/import',
    {
      schema: {
        summary: 'Past imports, newest first',
        operationId: 'listImports',
        tags,
        querystring: importListQuerySchema,
        response: { 200: importListSchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      await discardStaleImports(app.db);
      const { page, per_page } = request.query;
      const { rows, total } = await listImports(app.db, request.user.id, page, per_page);
      return { data: rows.map(toImportSummary), meta: { total, page, per_page } };
    },
  );

  app.get(
    '/import/:id',
    {
      schema: {
        summary: 'One import (a table waiting for its mapping: with its columns and first rows)',
        operationId: 'getImport',
        tags,
        params: idParamsSchema,
        response: { 200: importSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => summaryOf(app.db, request.user.id, request.user.languageId, request.params.id),
  );

  app.put(
    '/import/:id/mapping',
    rows.update(
      {
        summary: 'Map the columns of a CSV/XLSX and stage its rows',
        operationId: 'mapImport',
        description: 'The mapping is saved for the account or card and offered next time.',
        body: importMappingSchema,
      },
      importSchema,
    ),
    async (request) =>
      mapImport(app.db, request.user.id, request.user.languageId, request.params.id, request.body),
  );

  app.get(
    '/import/:id/rows',
    {
      schema: {
        summary: 'The staged rows of an import, paged, optionally of one status',
        operationId: 'listImportRows',
        tags,
        params: idParamsSchema,
        querystring: importRowsQuerySchema,
        response: { 200: importRowListSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) =>
      listImportRows(app.db, request.user.id, request.user.languageId, request.params.id, request.query),
  );

  app.put(
    '/import/:id/rows/:line',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Include or leave out a row, set its category or description',
        operationId: 'updateImportRow',
        tags,
        params: importRowParamsSchema,
        body: importRowUpdateSchema,
        response: { 200: importRowSchema, ...errors },
      },
    },
    async (request) =>
      updateImportRowChoice(
        app.db,
        request.user.id,
        request.user.languageId,
        request.params.id,
        request.params.line,
        request.body,
      ),
  );

  app.post(
    '/import/:id/commit',
    rows.update(
      {
        summary: 'Write the included rows to the ledger, in one transaction',
        operationId: 'commitImport',
        description:
          'Takes an Idempotency-Key header. Committing an import already committed answers the first answer ' +
          'and writes nothing more.',
        headers: idempotencyHeadersSchema,
      },
      importCommitSchema,
    ),
    async (request) =>
      (
        await idempotent(app.db, request, 200, (trx) =>
          commitImport(
            trx,
            request.user.id,
            request.params.id,
            request.headers['idempotency-key'] ?? null,
            request,
          ),
        )
      ).body,
  );

  app.delete(
    '/import/:id',
    rows.remove({
      summary: 'Undo a committed import, or discard a staged one',
      operationId: 'deleteImport',
      description:
        'A committed import: its entries are removed (409 listing those edited since, unless force=true). ' +
        'A staged one: discarded.',
      querystring: importDeleteQuerySchema,
    }),
    async (request, reply) => {
      await deleteImport(app.db, request.user.id, request.params.id, request.query.force, request);
      return reply.status(204).send(null);
    },
  );
}
