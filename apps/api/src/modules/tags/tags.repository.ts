import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { likePattern } from '../../lib/sql.ts';

const columns = ['id', 'name'] as const;

export function normalizeTagName(name: string): string {
  return name.trim().toLowerCase();
}

export function findTags(db: Db, userId: number, search?: string) {
  let query = db.selectFrom('tags').select(columns).where('user_id', '=', userId);
  if (search) {
    query = query.where(sql<boolean>`name_normalized like ${likePattern(search)} escape '\\'`);
  }
  return query.orderBy('name_normalized').orderBy('id').execute();
}

/**
 * Usage of the user's tags as a person counts it (issue 13 #18): entries dated up to `today` — a fixed
 * series without an end is materialised as far as anyone browsed, so counting every stored occurrence gave
 * "600 entries" — and whether the tag is on such an open-ended series (`repeating`).
 */
export async function countTagUsage(
  db: Db,
  userId: number,
  today: string,
): Promise<Map<number, { count: number; repeating: boolean }>> {
  const rows = await db
    .selectFrom('entry_tags')
    .innerJoin('entries', (join) =>
      join.onRef('entries.id', '=', 'entry_tags.entry_id').on('entries.user_id', '=', userId),
    )
    .select([
      'entry_tags.tag_id as tag_id',
      (eb) =>
        eb.fn.sum<number | string>(eb.case().when('entries.date', '<=', today).then(1).else(0).end()).as('n'),
      (eb) =>
        eb.fn
          .max<number | string>(
            eb
              .case()
              .when(eb.and([eb('entries.fixed', '=', 1), eb('entries.limit_fixed_date', 'is', null)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('open'),
    ])
    .where('entry_tags.user_id', '=', userId)
    .groupBy('entry_tags.tag_id')
    .execute();
  return new Map(rows.map((r) => [r.tag_id, { count: Number(r.n ?? 0), repeating: Number(r.open) === 1 }]));
}

export function findTagById(db: Db, userId: number, id: number) {
  return db
    .selectFrom('tags')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findTagByName(db: Db, userId: number, name: string) {
  return db
    .selectFrom('tags')
    .select(columns)
    .where('user_id', '=', userId)
    .where('name_normalized', '=', normalizeTagName(name))
    .executeTakeFirst();
}

/**
 * The tags for these labels, created when missing (case-insensitive, idempotent: a concurrent creator's row
 * is found by the follow-up select thanks to ON CONFLICT DO NOTHING on the unique index).
 */
export async function findOrCreateTags(db: Db, userId: number, labels: string[], now: string) {
  const byName = new Map<string, string>();
  for (const label of labels) {
    const trimmed = label.trim();
    const key = normalizeTagName(trimmed);
    if (key && !byName.has(key)) byName.set(key, trimmed);
  }
  if (byName.size === 0) return [];
  await db
    .insertInto('tags')
    .values(
      [...byName].map(([key, name]) => ({
        user_id: userId,
        name,
        name_normalized: key,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'name_normalized']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'name', 'name_normalized'])
    .where('user_id', '=', userId)
    .where('name_normalized', 'in', [...byName.keys()])
    .execute();
  const found = new Map(rows.map((r) => [r.name_normalized, { id: r.id, name: r.name }]));
  return [...byName.keys()].flatMap((key) => {
    const tag = found.get(key);
    return tag ? [tag] : [];
  });
}

export function insertTag(db: Db, userId: number, name: string, now: string) {
  return db
    .insertInto('tags')
    .values({
      user_id: userId,
      name,
      name_normalized: normalizeTagName(name),
      created_at: now,
      updated_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function renameTag(db: Db, userId: number, id: number, name: string, now: string) {
  return db
    .updateTable('tags')
    .set({ name, name_normalized: normalizeTagName(name), updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** Entries carrying the tag (to rewrite their denormalised tag_ids). */
export function findTaggedEntries(db: Db, userId: number, tagId: number) {
  return db
    .selectFrom('entries')
    .innerJoin('entry_tags', 'entry_tags.entry_id', 'entries.id')
    .select(['entries.id', 'entries.tag_ids'])
    .where('entry_tags.user_id', '=', userId)
    .where('entry_tags.tag_id', '=', tagId)
    .where('entries.user_id', '=', userId)
    .execute();
}

export function deleteTag(db: Db, userId: number, id: number) {
  return db.deleteFrom('tags').where('user_id', '=', userId).where('id', '=', id).execute();
}
