import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEST_DB_KIND } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated template: a SQLite file to copy, or a PostgreSQL database to create from. */
    migratedTemplate: string;
  }
}

/**
 * Migrates one database for the whole API run; each test file's database starts as a copy of it
 * (test/database.ts). Migrating a PostgreSQL database took 2–3 s, creating one from a template 0.1–0.6 s, and
 * the run creates one per file (70+): most of the PostgreSQL suite's time went to the same migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (TEST_DB_KIND === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'centavo-template-'));
    const file = join(dir, 'template.db');
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db, handle.kind);
    // Closing checkpoints the write-ahead log into the file: the copy is the whole database.
    await handle.close();
    project.provide('migratedTemplate', file);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Without a server the files fail with createTestDatabase's own message.
  if (!adminUrl) return async () => {};
  const name = `centavo_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 1 });
  await migrateToLatest(handle.db, handle.kind);
  // No session may stay connected to a template while databases are created from it.
  await handle.close();
  project.provide('migratedTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
