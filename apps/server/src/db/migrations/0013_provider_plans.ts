import { type Kysely, sql } from 'kysely';

/**
 * The Pro plans Docent created at a payment provider (docs/billing.md: PayPal's product + billing plan,
 * Cashfree's plan), one per provider, product, currency and price, so a restart reuses them
 * instead of creating new ones. A price change creates a new plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE billing_provider_plans (
      provider text NOT NULL,
      product_id text NOT NULL,
      currency text NOT NULL,
      amount_minor integer NOT NULL,
      plan_ref text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, product_id, currency, amount_minor)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE billing_provider_plans`.execute(db);
}
