import type { Db } from '../../db/connection.ts';

/** The global reference lists (no user data): GET /language, /currency, /country and the preference checks. */
export function findLanguages(db: Db) {
  return db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('id').execute();
}

export function findCurrencies(db: Db) {
  return db.selectFrom('currencies').select(['id', 'code', 'name', 'decimals']).orderBy('id').execute();
}

export function findCountries(db: Db) {
  return db.selectFrom('countries').select(['id', 'code', 'name']).orderBy('id').execute();
}

export function findLanguageById(db: Db, id: number) {
  return db.selectFrom('languages').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}

export function findCurrencyById(db: Db, id: number) {
  return db
    .selectFrom('currencies')
    .select(['id', 'code', 'name', 'decimals'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findCountryById(db: Db, id: number) {
  return db.selectFrom('countries').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}
