import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRow as Row, ImportSummary as Summary } from '@centavo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from '../../../test/app.ts';

/** Builders shared by the import tests: multipart uploads, fixture files, the routes' answers. */

export function fixture(name: string): Buffer {
  return readFileSync(join(import.meta.dirname, 'fixtures', name));
}

/** A multipart/form-data body with one `file` part and text fields, as a browser's FormData sends it. */
export function multipart(
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string | number>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----centavo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  user: TestUser,
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string | number>,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart(file, fields);
  return user.request({ method: 'POST', url: '/api/v1/import', payload, headers });
}

/** An import and its rows as the API answers them (the shared contract). */
export type { Row, Summary };

/** The mapping of the generic.csv fixture: date, description and amount, Brazilian style, one header line. */
export const GENERIC_CSV_MAPPING = {
  date_column: 1,
  date_format: 'DD/MM/YYYY',
  description_column: 0,
  amount_column: 2,
  decimal: ',',
  sign: 'expense_negative',
  skip_lines: 1,
  header: true,
} as const;

/** Uploads a fixture (or any file) and answers the staged import (201 expected). */
export async function stage(
  user: TestUser,
  name: string,
  fields: Record<string, string | number>,
  data?: Buffer | string,
): Promise<Summary> {
  const res = await upload(user, { name, data: data ?? fixture(name) }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Summary;
}

export async function rowsOf(user: TestUser, id: number, query = ''): Promise<Row[]> {
  const res = await user.request({ method: 'GET', url: `/api/v1/import/${id}/rows?per_page=1000${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
}

export async function commit(user: TestUser, id: number, key?: string) {
  const res = await user.request({
    method: 'POST',
    url: `/api/v1/import/${id}/commit`,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; created: number; payments: number; skipped: number; duplicates: number };
}
