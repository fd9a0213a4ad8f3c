import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';
import { commit, fixture, GENERIC_CSV_MAPPING, rowsOf, stage, upload } from './import.test-helpers.ts';

/** DESIGN.md §8 through HTTP on an account: stage, preview, choose, commit, undo, history (both databases). */
const ctx = await appForFile();

async function entries(user: TestUser, accountId: number) {
  const res = await user.request({
    method: 'GET',
    url: `/api/v1/entry?start_date=2026-01-01&end_date=2027-12-31&account_id=${accountId}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{
    id: number;
    description: string;
    value: number;
    operation_id: number;
    date: string;
  }>;
}

async function balance(user: TestUser) {
  const res = await user.request({ method: 'GET', url: '/api/v1/entry/balance?month=2026-11' });
  return res.json();
}

async function logEvents(user: TestUser): Promise<string[]> {
  const res = await user.request({ method: 'GET', url: '/api/v1/account-logs?per_page=50' });
  return (res.json().data as Array<{ event: string }>).map((l) => l.event);
}

describe('an OFX statement into an account', () => {
  it('stages without writing, commits once, adds nothing the second time, and undoes', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const before = await balance(user);
    const staged = await stage(user, 'bb-sgml-cp1252.ofx', { account_id: acc });
    expect(staged).toMatchObject({
      status: 'staged',
      format: 'ofx',
      encoding: 'windows-1252',
      bank: 'Banco do Brasil',
      counts: { rows: 6, new: 4, duplicate: 0, probable: 0, skipped: 2 },
    });
    expect(await entries(user, acc)).toEqual([]);
    const rows = await rowsOf(user, staged.id);
    expect(rows.map((r) => [r.line, r.status, r.note_key])).toEqual([
      [44, 'skipped', 'noId'],
      [52, 'new', null],
      [60, 'new', null],
      [68, 'new', null],
      [76, 'new', null],
      [84, 'skipped', 'balance'],
    ]);
    expect(rows[0]?.note).toBe('No transaction id (empty FITID): a balance line');
    expect(rows[1]).toMatchObject({ date: '2026-11-01', value: 1250, operation_id: 2, include: true });
    const skippedOnly = await rowsOf(user, staged.id, '&status=skipped');
    expect(skippedOnly.map((r) => r.line)).toEqual([44, 84]);

    const first = await commit(user, staged.id, 'key-1');
    expect(first).toEqual({ id: staged.id, created: 4, payments: 0, skipped: 2, duplicates: 0 });
    const written = await entries(user, acc);
    expect(written.map((e) => [e.date, e.value, e.operation_id])).toEqual([
      ['2026-11-01', 1250, 2],
      ['2026-11-05', 350000, 1],
      ['2026-11-10', 4590, 2],
      ['2026-11-10', 800, 2],
    ]);
    // The commit again (a retry with its key, or without one) answers the first answer and writes nothing.
    expect(await commit(user, staged.id, 'key-1')).toEqual(first);
    expect(await commit(user, staged.id)).toEqual(first);
    expect(await entries(user, acc)).toHaveLength(4);
    expect((await balance(user)).closing_balance).toBe(before.closing_balance + 350000 - 1250 - 4590 - 800);

    // The same file again adds nothing: every row is a duplicate of what the first import wrote.
    const again = await stage(user, 'bb-sgml-cp1252.ofx', { account_id: acc });
    expect(again.counts).toMatchObject({ new: 0, duplicate: 4, skipped: 2 });
    expect(await commit(user, again.id)).toMatchObject({ created: 0, duplicates: 4 });
    expect(await entries(user, acc)).toHaveLength(4);

    // Undo: the entries go, every figure is as before; the import stays in the history as undone.
    const undo = await user.request({ method: 'DELETE', url: `/api/v1/import/${staged.id}` });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await entries(user, acc)).toEqual([]);
    expect(await balance(user)).toEqual(before);
    const history = await user.request({ method: 'GET', url: '/api/v1/import' });
    expect(history.json().data.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [again.id, 'committed'],
      [staged.id, 'undone'],
    ]);
    expect((await user.request({ method: 'DELETE', url: `/api/v1/import/${staged.id}` })).statusCode).toBe(
      204,
    );
    expect(await logEvents(user)).toEqual(expect.arrayContaining(['import_committed', 'import_undone']));
    // Undone, its rows can come in again.
    const third = await stage(user, 'bb-sgml-cp1252.ofx', { account_id: acc });
    expect(third.counts.new).toBe(4);
  });

  it('undo refuses while entries were edited since (409 listing them) unless force=true', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const staged = await stage(user, 'nubank-account.csv', { account_id: acc });
    await commit(user, staged.id);
    const [first] = await entries(user, acc);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edit = await user.request({
      method: 'PUT',
      url: `/api/v1/entry/${first?.id}`,
      payload: { description: 'Padaria (edited)' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const refused = await user.request({ method: 'DELETE', url: `/api/v1/import/${staged.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      key: 'importEntriesEdited',
      params: { count: 1 },
    });
    expect(refused.json().errors.entries).toEqual([`Entry #${first?.id}: Padaria (edited) (2026-11-01)`]);
    expect(await entries(user, acc)).toHaveLength(4);
    const forced = await user.request({ method: 'DELETE', url: `/api/v1/import/${staged.id}?force=true` });
    expect(forced.statusCode).toBe(204);
    expect(await entries(user, acc)).toEqual([]);
  });

  it('two equal purchases on one day both come in; the same file twice adds nothing', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const csv = 'Data;Descricao;Valor\n05/11/2026;Cafe;-5,00\n05/11/2026;Cafe;-5,00\n06/11/2026;Cafe;-5,00\n';
    const mapping = JSON.stringify({
      date_column: 0,
      date_format: 'DD/MM/YYYY',
      description_column: 1,
      amount_column: 2,
      decimal: ',',
    });
    const first = await stage(user, 'cafe.csv', { account_id: acc, mapping }, csv);
    expect(first.counts).toMatchObject({ new: 3, duplicate: 0 });
    expect(await commit(user, first.id)).toMatchObject({ created: 3 });
    const second = await stage(user, 'cafe.csv', { account_id: acc, mapping }, csv);
    expect(second.counts).toMatchObject({ new: 0, duplicate: 3 });
    // A statement with one more of them that day: only the third comes in.
    const more = `${csv}05/11/2026;Cafe;-5,00\n`;
    const third = await stage(user, 'cafe.csv', { account_id: acc, mapping }, more);
    expect(third.counts).toMatchObject({ new: 1, duplicate: 3 });
  });

  it('a probable match is shown, not imported unless included; choices and categories per row', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    // Typed by hand two days later than the bank's date, same value; and an earlier categorised bakery visit.
    const typed = await createEntry(
      user,
      expense(acc, { value: 2500, date: '2026-11-03', description: 'pão' }),
    );
    await createEntry(
      user,
      expense(acc, {
        value: 900,
        date: '2026-10-02',
        description: 'Compra no débito - Padaria Pão Quente',
        category_id: 3,
        sub_category_id: 6,
      }),
    );
    const staged = await stage(user, 'nubank-account.csv', { account_id: acc });
    expect(staged.counts).toMatchObject({ new: 3, probable: 1 });
    const rows = await rowsOf(user, staged.id);
    expect(rows[0]).toMatchObject({
      status: 'probable',
      match_entry_id: typed.id,
      include: false,
      note: `Maybe “pão” of 2026-11-03, already in the ledger`,
      // Same normalised description as the October entry: its category.
      category_id: 3,
      sub_category_id: 6,
    });
    expect(rows[1]).toMatchObject({ operation_id: 1, category_id: null });

    const put = (line: number, payload: Record<string, unknown>) =>
      user.request({ method: 'PUT', url: `/api/v1/import/${staged.id}/rows/${line}`, payload });
    expect((await put(2, { include: true })).json()).toMatchObject({ include: true });
    expect((await put(3, { category_id: 14 })).json()).toMatchObject({ category_id: 14 });
    const wrongType = await put(4, { category_id: 14 });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['category_id']);
    expect(
      (await put(4, { category_id: 4, sub_category_id: 8, description: 'Mercado' })).json(),
    ).toMatchObject({
      category_id: 4,
      sub_category_id: 8,
      description: 'Mercado',
    });
    expect((await put(5, { include: false })).statusCode).toBe(200);
    expect((await put(4, { category_id: 3, sub_category_id: 8 })).statusCode).toBe(422);
    expect((await put(99, { include: true })).statusCode).toBe(404);

    expect(await commit(user, staged.id)).toMatchObject({ created: 3, skipped: 1 });
    const list = await entries(user, acc);
    expect(list.filter((e) => e.value === 2500)).toHaveLength(2);
    expect(list.find((e) => e.description === 'Mercado')).toMatchObject({ value: 5990 });
    // A committed import's rows are no longer choices.
    expect((await put(5, { include: true })).statusCode).toBe(409);
  });

  it('a CSV no preset knows asks for its mapping, which is saved for the account and offered next time', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const waiting = await stage(user, 'generic.csv', { account_id: acc });
    expect(waiting).toMatchObject({ status: 'needs_mapping', format: 'csv', counts: { rows: 0 } });
    expect(waiting.sample?.[1]).toEqual(['Histórico', 'Data', 'Valor (R$)']);
    expect(waiting.mapping).toMatchObject({ decimal: ',' });
    const early = await user.request({ method: 'POST', url: `/api/v1/import/${waiting.id}/commit` });
    expect(early.statusCode).toBe(409);
    const bad = await user.request({
      method: 'PUT',
      url: `/api/v1/import/${waiting.id}/mapping`,
      payload: { ...GENERIC_CSV_MAPPING, amount_column: 9 },
    });
    expect(bad.statusCode).toBe(422);
    const mapped = await user.request({
      method: 'PUT',
      url: `/api/v1/import/${waiting.id}/mapping`,
      payload: GENERIC_CSV_MAPPING,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ status: 'staged', counts: { rows: 4, new: 3, skipped: 1 } });
    expect((await rowsOf(user, waiting.id)).map((r) => [r.value, r.operation_id, r.note_key])).toEqual([
      [12345, 2, null],
      [8000, 1, null],
      [123450, 2, null],
      [null, null, 'date'],
    ]);
    const next = await stage(user, 'generic.csv', { account_id: acc });
    expect(next.mapping).toEqual(GENERIC_CSV_MAPPING);
  });
});

describe('limits, errors and scope', () => {
  it('a file over 10 MB → 413; an unreadable one → 422 naming the line, nothing staged', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const big = await upload(
      user,
      { name: 'big.csv', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
      { account_id: acc },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const cut = await upload(user, { name: 'cut.ofx', data: fixture('broken-cut.ofx') }, { account_id: acc });
    expect(cut.statusCode).toBe(422);
    expect(cut.json()).toMatchObject({ key: 'importOfxTag', params: { line: 68 } });
    expect(cut.json().message).toContain('68');
    const none = await upload(user, null, { account_id: acc });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toContain('file');
    const both = await upload(user, { name: 'x.csv', data: 'a;b\n' }, {});
    expect(both.statusCode).toBe(422);
    expect((await user.request({ method: 'GET', url: '/api/v1/import' })).json().meta.total).toBe(0);
  });

  it("another user's import is 404 on every route; another user's account or card is 404", async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const aliceAcc = await createAccount(alice);
    const bobAcc = await createAccount(bob);
    const bobs = await stage(bob, 'nubank-account.csv', { account_id: bobAcc });
    for (const [method, url, payload] of [
      ['GET', `/api/v1/import/${bobs.id}`],
      ['GET', `/api/v1/import/${bobs.id}/rows`],
      ['PUT', `/api/v1/import/${bobs.id}/rows/2`, { include: false }],
      ['POST', `/api/v1/import/${bobs.id}/commit`],
      ['DELETE', `/api/v1/import/${bobs.id}`],
    ] as const) {
      const res = await alice.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const intoBobs = await upload(
      alice,
      { name: 'n.csv', data: fixture('nubank-account.csv') },
      { account_id: bobAcc },
    );
    expect(intoBobs.statusCode).toBe(404);
    expect(Object.keys(intoBobs.json().errors)).toEqual(['account_id']);
    expect((await alice.request({ method: 'GET', url: '/api/v1/import' })).json().data).toEqual([]);
    expect((await rowsOf(bob, bobs.id)).every((r) => r.include === (r.status === 'new'))).toBe(true);
    expect(await entries(bob, bobAcc)).toEqual([]);
    expect(await entries(alice, aliceAcc)).toEqual([]);
  });

  it('staged imports older than 7 days are discarded; a staged one can be discarded by hand', async () => {
    const user = await createUser(ctx);
    const acc = await createAccount(user);
    const old = await stage(user, 'nubank-account.csv', { account_id: acc });
    const fresh = await stage(user, 'statement.qif', { account_id: acc });
    await ctx.database.db
      .updateTable('imports')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const list = await user.request({ method: 'GET', url: '/api/v1/import' });
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([fresh.id]);
    expect((await user.request({ method: 'GET', url: `/api/v1/import/${old.id}/rows` })).statusCode).toBe(
      404,
    );
    expect((await user.request({ method: 'DELETE', url: `/api/v1/import/${fresh.id}` })).statusCode).toBe(
      204,
    );
    expect((await user.request({ method: 'GET', url: `/api/v1/import/${fresh.id}` })).statusCode).toBe(404);
    const orphanRows = await ctx.database.db
      .selectFrom('import_rows')
      .select('line')
      .where('import_id', 'in', [old.id, fresh.id])
      .execute();
    expect(orphanRows).toEqual([]);
  });
});
