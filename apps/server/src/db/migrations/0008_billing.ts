import { type Kysely, sql } from 'kysely';

/**
 * Plans, payments and coupons (docs/billing.md): payments (each checkout, its state and what it paid
 * for), subscriptions (Pro until the period ends), webhook deliveries (a provider's event id is
 * processed once), referrals (who brought whom) and coupons (earned by referrals, paid out by
 * UPI or Amazon Pay). Amounts are integers in minor units (cents, paise).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_ref text,
      status text NOT NULL DEFAULT 'ACTIVE',
      current_period_end timestamptz NOT NULL,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX subscriptions_user ON subscriptions (user_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX subscriptions_provider_ref ON subscriptions (provider, provider_ref) WHERE provider_ref IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      product_id text NOT NULL,
      repository_id uuid REFERENCES repositories(id) ON DELETE SET NULL,
      amount_minor integer NOT NULL CHECK (amount_minor >= 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'PAYMENT_PENDING',
      provider_ref text,
      subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
      failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      fulfilled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX payments_user ON payments (user_id, created_at DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref) WHERE provider_ref IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE payment_webhook_deliveries (
      provider text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`
    CREATE TABLE referrals (
      referred_user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      referrer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (referred_user_id <> referrer_id)
    )`.execute(db);
  await sql`CREATE INDEX referrals_referrer ON referrals (referrer_id)`.execute(db);
  await sql`
    CREATE TABLE coupons (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      coupon_code text NOT NULL UNIQUE,
      coupon_type text NOT NULL,
      amount_minor integer NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      is_used boolean NOT NULL DEFAULT false,
      used_at timestamptz,
      coupon_state text NOT NULL DEFAULT 'PAYMENT_ACTIVE',
      redeem_type text,
      redeem_id_sealed text,
      source_payment_id uuid UNIQUE REFERENCES payments(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX coupons_user ON coupons (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE coupons`.execute(db);
  await sql`DROP TABLE referrals`.execute(db);
  await sql`DROP TABLE payment_webhook_deliveries`.execute(db);
  await sql`DROP TABLE payments`.execute(db);
  await sql`DROP TABLE subscriptions`.execute(db);
}
