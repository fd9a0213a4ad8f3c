import { sql } from 'kysely';
import { COUNTRIES } from '../../modules/reference/countries.data.ts';
import {
  BANKS,
  CURRENCIES,
  FLAGS,
  LANGUAGES,
  SYSTEM_CATEGORIES,
} from '../../modules/reference/reference.data.ts';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT, withId } from '../dialect.ts';

export async function up(db: Db, kind: DbKind): Promise<void> {
  for (const table of ['languages', 'countries', 'currencies'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', BIGINT, (c) => c.primaryKey())
      .addColumn('code', TEXT, (c) => c.notNull().unique())
      .addColumn('name', TEXT, (c) => c.notNull());
    if (table === 'currencies') builder = builder.addColumn('decimals', 'integer', (c) => c.notNull());
    await builder.execute();
  }
  await db.schema
    .createTable('banks')
    .addColumn('id', BIGINT, (c) => c.primaryKey())
    .addColumn('code', TEXT)
    .addColumn('name', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('flags')
    .addColumn('id', BIGINT, (c) => c.primaryKey())
    .addColumn('name', TEXT, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('categories'), kind)
    .addColumn('user_id', BIGINT, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('name_br', TEXT)
    .addColumn('type', TEXT, (c) => c.notNull())
    .addColumn('color', TEXT)
    .addColumn('icon', TEXT)
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_user').on('categories').columns(['user_id', 'type']).execute();

  await withId(db.schema.createTable('subcategories'), kind)
    .addColumn('category_id', BIGINT, (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('user_id', BIGINT, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('name_br', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subcategories_category')
    .on('subcategories')
    .columns(['category_id'])
    .execute();
  await db.schema.createIndex('subcategories_user').on('subcategories').columns(['user_id']).execute();

  await db
    .insertInto('languages')
    .values([...LANGUAGES])
    .execute();
  await db
    .insertInto('currencies')
    .values(CURRENCIES.map(([code, name, decimals], i) => ({ id: i + 1, code, name, decimals })))
    .execute();
  await db
    .insertInto('countries')
    .values(COUNTRIES.map(([code, name], i) => ({ id: i + 1, code, name })))
    .execute();
  await db
    .insertInto('banks')
    .values(BANKS.map(([code, name], i) => ({ id: i + 1, code, name })))
    .execute();
  await db
    .insertInto('flags')
    .values(FLAGS.map((name, i) => ({ id: i + 1, name })))
    .execute();

  const now = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('categories')
    .values(
      SYSTEM_CATEGORIES.map((c) => ({
        id: c.id,
        user_id: null,
        name: c.en,
        name_br: c.br,
        type: c.type,
        color: c.color,
        icon: c.icon,
        system: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('subcategories')
    .values(
      SYSTEM_CATEGORIES.flatMap((c) =>
        c.subs.map(([id, en, br]) => ({
          id,
          category_id: c.id,
          user_id: null,
          name: en,
          name_br: br,
          created_at: now,
          updated_at: now,
        })),
      ),
    )
    .execute();

  if (kind === 'postgres') {
    // Explicit ids do not advance PostgreSQL sequences; users' own rows must start after the system ones.
    // Ids up to 1000 stay reserved for future system rows.
    await sql`select setval(pg_get_serial_sequence('categories', 'id'), 1000)`.execute(db);
    await sql`select setval(pg_get_serial_sequence('subcategories', 'id'), 1000)`.execute(db);
  } else {
    await sql`update sqlite_sequence set seq = 1000 where name in ('categories', 'subcategories')`.execute(
      db,
    );
  }
}
