import { createHash } from 'node:crypto';
import type { Plan } from '@centavo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { MailOutbox } from '../identity/mail.ts';

// What every part of billing shares: its dependencies and the small rules of talking to Stripe.

export const DAY_MS = 86_400_000;

/** Billing's dependencies; `stripe` is null with billing off, and then nothing here calls out. */
export interface BillingContext {
  db: Db;
  config: Config;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
  outbox: MailOutbox;
}

export const iso = (unix: number | null | undefined): string | null =>
  unix === null || unix === undefined ? null : new Date(unix * 1000).toISOString();

/** A short stable digest, so an idempotency key changes when what it creates would change. */
export const digest = (...parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

export function customerId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'resource_missing';
}

/** Stripe, or 404 billingDisabled with billing off. */
export function stripeOf(ctx: BillingContext): Stripe {
  if (!ctx.stripe) throw notFound('billingDisabled');
  return ctx.stripe;
}

export function priceId(ctx: BillingContext, plan: Plan): string {
  const id = plan === 'monthly' ? ctx.config.stripe.priceMonthly : ctx.config.stripe.priceYearly;
  if (!id) throw new Error(`STRIPE_PRICE_${plan.toUpperCase()} is not set`);
  return id;
}

export function planOf(ctx: BillingContext, id: string | undefined): Plan | null {
  if (!id) return null;
  if (id === ctx.config.stripe.priceMonthly) return 'monthly';
  if (id === ctx.config.stripe.priceYearly) return 'yearly';
  return null;
}

/** A failed Stripe call as the answer the user gets: our own errors as they are, anything else 503 (logged). */
export function unavailable(ctx: BillingContext, error: unknown): unknown {
  if (error instanceof AppError) return error;
  ctx.log.error({ err: error }, 'stripe: call failed');
  return serviceUnavailable(error);
}
