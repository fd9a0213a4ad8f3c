import { type Tag, type TagListQuery, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { parseTagIds, setEntryTagIds } from '../money-core/entry-rows.repository.ts';
import {
  countTagUsage,
  deleteTag,
  findOrCreateTags,
  findTagById,
  findTagByName,
  findTaggedEntries,
  findTags,
  insertTag,
  renameTag,
} from './tags.repository.ts';

export async function listTags(db: Db, userId: number, query: TagListQuery): Promise<Tag[]> {
  const rows = await findTags(db, userId, query.search);
  if (!query.with_counts) return rows;
  const counts = await countTagUsage(db, userId, todayIso());
  return rows.map((r) => ({
    ...r,
    count: counts.get(r.id)?.count ?? 0,
    repeating: counts.get(r.id)?.repeating ?? false,
  }));
}

export async function getTag(db: Db, userId: number, id: number): Promise<Tag> {
  const tag = await findTagById(db, userId, id);
  if (!tag) throw notFound('tagNotFound');
  return tag;
}

/** POST /tag: a name already taken (case-insensitively) → 409 with the field named. */
export async function createTag(db: Db, userId: number, name: string): Promise<Tag> {
  if (await findTagByName(db, userId, name))
    throw conflict('tagExists', undefined, { name: 'alreadyExists' });
  return insertTag(db, userId, name, nowIso());
}

export function createTagsByLabels(db: Db, userId: number, labels: string[]): Promise<Tag[]> {
  return inTransaction(db, (trx) => findOrCreateTags(trx, userId, labels, nowIso()));
}

export async function updateTag(db: Db, userId: number, id: number, name: string): Promise<Tag> {
  await getTag(db, userId, id);
  const other = await findTagByName(db, userId, name);
  if (other && other.id !== id) throw conflict('tagExists', undefined, { name: 'alreadyExists' });
  const tag = await renameTag(db, userId, id, name, nowIso());
  if (!tag) throw notFound('tagNotFound');
  return tag;
}

/** Removes the tag from its entries (entry_tags cascade + the denormalised tag_ids) and deletes it. */
export async function removeTag(db: Db, userId: number, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await getTag(trx, userId, id);
    const tagged = await findTaggedEntries(trx, userId, id);
    const now = nowIso();
    for (const entry of tagged) {
      const ids = parseTagIds(entry.tag_ids).filter((t) => t !== id);
      await setEntryTagIds(trx, userId, entry.id, ids, now);
    }
    await deleteTag(trx, userId, id);
  });
}
