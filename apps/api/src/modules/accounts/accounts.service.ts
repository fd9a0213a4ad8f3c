import type { Account, AccountCreateInput, AccountUpdateBody } from '@centavo/shared';
import { type IsoDate, monthOf, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { nameTaken } from '../../lib/names.ts';
import { nowIso } from '../../lib/time.ts';
import { findBankById } from '../banks/banks.repository.ts';
import { type AccountBalances, computeBalances } from '../money-core/balances.ts';
import { applyEntryChanges, moneyLimitError } from '../money-core/effects.ts';
import { addMoneyVolume, lockMoneyWrites } from '../money-core/money-volume.repository.ts';
import {
  type AccountRow,
  countAccountEntries,
  deleteAccountCascade,
  findAccountById,
  findAccountEntries,
  findAccounts,
  insertAccount,
  seriesUseAccount,
  updateAccount,
} from './accounts.repository.ts';

function toAccount(row: AccountRow, balances: AccountBalances | undefined): Account {
  return {
    id: row.id,
    name: row.name,
    bank_id: row.bank_id,
    type: row.type,
    initial_balance: row.initial_balance,
    color: row.color,
    archived: row.archived === 1,
    balance: balances?.balance ?? row.initial_balance,
    predicted_balance: balances?.predicted_balance ?? row.initial_balance,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listAccounts(
  db: Db,
  userId: number,
  options: { includeArchived: boolean; month?: string | undefined; today?: IsoDate },
): Promise<Account[]> {
  const rows = await findAccounts(db, userId, options.includeArchived);
  const today = options.today ?? todayIso();
  const balances = await computeBalances(db, userId, rows, options.month ?? monthOf(today), { today });
  return rows.map((r) => toAccount(r, balances.accounts.get(r.id)));
}

async function accountOr404(db: Db, userId: number, id: number, lock = false): Promise<AccountRow> {
  const row = await findAccountById(db, userId, id, { lock });
  if (!row) throw notFound('accountNotFound');
  return row;
}

export async function getAccount(
  db: Db,
  userId: number,
  id: number,
  month?: string,
  today: IsoDate = todayIso(),
): Promise<Account> {
  const row = await accountOr404(db, userId, id);
  const balances = await computeBalances(db, userId, [row], month ?? monthOf(today), { today });
  return toAccount(row, balances.accounts.get(row.id));
}

async function checkBank(db: Db, bankId: number | null | undefined): Promise<void> {
  if (bankId != null && !(await findBankById(db, bankId))) {
    throw notFound('bankNotFound', 'bank_id');
  }
}

/** Adds an initial balance's change to the user's money volume, or refuses the write (422 on the field). */
async function addInitialBalance(trx: Db, userId: number, delta: number): Promise<void> {
  if (!(await addMoneyVolume(trx, userId, delta))) throw moneyLimitError('initial_balance');
}

export async function createAccount(db: Db, userId: number, body: AccountCreateInput): Promise<Account> {
  await checkBank(db, body.bank_id);
  const now = nowIso();
  const row = await inTransaction(db, async (trx) => {
    await assertAccountNameFree(trx, userId, body.name);
    await addInitialBalance(trx, userId, Math.abs(body.initial_balance));
    return insertAccount(trx, {
      user_id: userId,
      name: body.name,
      bank_id: body.bank_id ?? null,
      type: body.type,
      initial_balance: body.initial_balance,
      color: body.color ?? null,
      archived: body.archived ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  });
  return getAccount(db, userId, row.id);
}

export async function editAccount(
  db: Db,
  userId: number,
  id: number,
  body: AccountUpdateBody,
): Promise<Account> {
  await inTransaction(db, async (trx) => {
    const current = await accountOr404(trx, userId, id);
    await checkBank(trx, body.bank_id);
    if (body.name !== undefined) await assertAccountNameFree(trx, userId, body.name, id);
    if (body.initial_balance !== undefined) {
      await addInitialBalance(
        trx,
        userId,
        Math.abs(body.initial_balance) - Math.abs(current.initial_balance),
      );
    }
    await updateAccount(trx, userId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.bank_id !== undefined ? { bank_id: body.bank_id } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.initial_balance !== undefined ? { initial_balance: body.initial_balance } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.archived !== undefined ? { archived: body.archived ? 1 : 0 } : {}),
      updated_at: nowIso(),
    });
  });
  return getAccount(db, userId, id);
}

/**
 * Deletes an account. With entries (its own or transfers into it) → 409 unless deleteEntries; then the
 * entries, their series and aggregates go too, and transfers' other sides are taken out of the other
 * accounts' aggregates — one transaction.
 */
export async function removeAccount(
  db: Db,
  userId: number,
  id: number,
  deleteEntries: boolean,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    // The account first, then the user's money-volume row: the order a concurrent entry write takes them in
    // (its foreign key, then its effects), so the two queue instead of deadlocking.
    const account = await accountOr404(trx, userId, id, true);
    await lockMoneyWrites(trx, userId);
    const count = await countAccountEntries(trx, userId, id);
    if ((count > 0 || (await seriesUseAccount(trx, userId, id))) && !deleteEntries) {
      throw conflict('accountHasEntries', { count }, { delete_entries: 'accountHasEntriesField' });
    }
    // Its entries go through the one effects function like any deleted entry: the other side of each
    // transfer leaves the other account's aggregates (the account's own rows go with it).
    await applyEntryChanges(trx, userId, await findAccountEntries(trx, userId, id), []);
    await addInitialBalance(trx, userId, -Math.abs(account.initial_balance));
    await deleteAccountCascade(trx, userId, id);
  });
}

/** An account's name is unique per user ignoring case and accents (lib/names.ts). */
async function assertAccountNameFree(db: Db, userId: number, name: string, exceptId?: number) {
  if (nameTaken(await findAccounts(db, userId, true), name, exceptId)) {
    throw conflict('accountNameTaken', undefined, { name: 'alreadyExists' });
  }
}
