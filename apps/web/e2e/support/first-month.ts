import type { Page } from '@playwright/test';
import { apiAs } from '../pages/AccountsPage.ts';
import { signUp } from './users.ts';

/** YYYY-MM-DD, `days` from today (UTC, as the server's today). */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface FirstMonth {
  accountId: number;
  cardId: number;
  invoiceId: number;
  invoiceMonth: string;
  dueDate: string;
  foodId: number;
  transportId: number;
}

interface Category {
  id: number;
  name: string;
  subcategories: { id: number }[];
}

/**
 * Issue 23's newcomer, realistic: an account, a Nubank-like card with a 10-installment purchase, a refund and a
 * monthly Netflix; two budgets (one over); bills due in the next days. The invoice's dates are set so it falls
 * due within the dashboard's 30 days whatever today is.
 */
export async function seedFirstMonth(page: Page, label: string, locale: 'en' | 'br'): Promise<FirstMonth> {
  await signUp(page, label, locale);
  return seedData(page);
}

/** The data of `seedFirstMonth` for the signed-in user. */
export async function seedData(page: Page): Promise<FirstMonth> {
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Itaú corrente',
    initial_balance: 500000,
  });
  const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
    name: 'Nubank',
    flag_id: 2,
    limit: 800000,
    close_day: 3,
    expiration_day: 10,
    account_id: account.id,
  });
  const categories = (await apiAs<{ data: Category[] }>(page, 'GET', '/category?type=expense')).data;
  const [food, transport] = categories as [Category, Category];
  const today = dayFromToday(0);
  const purchase = await apiAs<{ invoice_month: string }>(page, 'POST', '/entry', {
    description: 'Geladeira',
    value: 359990,
    date: today,
    operation_id: 2,
    card_id: card.id,
    category_id: food.id,
    installments: 10,
  });
  const invoiceMonth = purchase.invoice_month;
  await apiAs(page, 'POST', '/entry', {
    description: 'Estorno loja',
    value: 4990,
    date: today,
    operation_id: 1,
    card_id: card.id,
    category_id: food.id,
  });
  await apiAs(page, 'POST', '/entry', {
    description: 'Netflix',
    value: 5590,
    date: today,
    operation_id: 2,
    card_id: card.id,
    category_id: transport.id,
    fixed: true,
  });
  const invoice = await apiAs<{ id: number }>(page, 'GET', `/card/${card.id}/invoice?month=${invoiceMonth}`);
  const dueDate = dayFromToday(12);
  await apiAs(page, 'PUT', `/invoice/${invoice.id}`, { close_date: dayFromToday(5), due_date: dueDate });
  // Bills of the account: one before the invoice's due date, one after.
  for (const [description, days, value] of [
    ['Aluguel', 3, 180000],
    ['Conta de luz', 20, 21250],
  ] as const) {
    await apiAs(page, 'POST', '/entry', {
      description,
      value,
      date: dayFromToday(days),
      operation_id: 2,
      account_id: account.id,
      category_id: food.id,
      sub_category_id: food.subcategories[0]?.id,
      paid: false,
    });
  }
  const month = today.slice(0, 7);
  await apiAs(page, 'POST', '/budget', { category_id: food.id, month, value: 10000 });
  await apiAs(page, 'POST', '/budget', { category_id: transport.id, month, value: 900000 });
  return {
    accountId: account.id,
    cardId: card.id,
    invoiceId: invoice.id,
    invoiceMonth,
    dueDate,
    foodId: food.id,
    transportId: transport.id,
  };
}
