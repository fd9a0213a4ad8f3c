import { expect, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { TagsPage } from './pages/TagsPage.ts';
import { signUp } from './support/users.ts';

test('tags: create, search, rename, delete showing the usage count', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'tags');
  const tags = new TagsPage(page);

  await test.step('the empty page invites the first tag', async () => {
    await tags.goto();
    await expect(page).toHaveTitle('Tags · Centavo');
    await expect(page.getByTestId('tags-empty')).toBeVisible();
    await page.getByTestId('tags-empty').getByRole('button').click();
    await expect(tags.newTagInput()).toBeFocused();
  });

  await test.step('create, with translated errors for a comma and a duplicate', async () => {
    await tags.createTag('vacation');
    await tags.createTag('renovation');
    await tags.newTagInput().fill('a,b');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('Tag names cannot contain commas')).toBeVisible();
    await tags.newTagInput().fill('Vacation');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('A tag with this name already exists')).toBeVisible();
    await expect(tags.rows()).toHaveCount(2);
  });

  await test.step('usage counts come from the entries', async () => {
    const list = await apiAs<{ data: { id: number; name: string }[] }>(page, 'GET', '/tag');
    const vacation = list.data.find((t) => t.name === 'vacation');
    if (!vacation) throw new Error('tag not found');
    const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
      name: 'Main',
      initial_balance: 0,
    });
    const categories = await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense');
    for (const description of ['Hotel', 'Flights']) {
      await apiAs(page, 'POST', '/entry', {
        description,
        value: 50000,
        date: '2026-11-10',
        operation_id: 2,
        account_id: account.id,
        category_id: categories.data[0]?.id,
        tags: [vacation.id],
      });
    }
    await page.reload();
    await expect(tags.row('vacation').getByTestId('tag-count')).toHaveText('2 entries');
    await expect(tags.row('renovation').getByTestId('tag-count')).toHaveText('No entries');
  });

  await test.step('search is kept in the URL', async () => {
    await page.getByRole('searchbox', { name: 'Search tags' }).fill('reno');
    await expect(tags.rows()).toHaveCount(1);
    await expect(page).toHaveURL(/q=reno/);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(tags.rows()).toHaveCount(2);
  });

  await test.step('rename', async () => {
    await tags.renameTag('vacation', 'trip-2026');
    await expect(tags.row('vacation')).toHaveCount(0);
  });

  await test.step('delete tells how many entries lose the tag', async () => {
    const dialog = await tags.openDelete('trip-2026');
    await expect(dialog.getByTestId('tag-delete-usage')).toHaveText(
      '2 entries use this tag. It will be removed from them; the entries themselves stay.',
    );
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await expect(dialog).toBeHidden();
    await expect(tags.row('trip-2026')).toHaveCount(0);
    const entries = await apiAs<{ data: { tags: number[] }[] }>(page, 'GET', '/entry?month=2026-11');
    expect(entries.data).toHaveLength(2);
    expect(entries.data.every((e) => e.tags.length === 0)).toBe(true);
  });
});
