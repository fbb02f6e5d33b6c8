import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { loadConfig, paymentSandboxWarning, type BillingConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import type { Database } from './db/schema.ts';
import { loadSecrets } from './secrets.ts';
import { SecretBox } from './crypto/secretbox.ts';
import { CouponService } from './billing/coupons.ts';
import { formatStats, usageStats } from './observability/stats.ts';

const USAGE = `Usage: npm run admin -- coupon <command> | stats [--json]
  stats [--json]                                                          sign-ups per week, analyses, generations, conversion to Pro
  coupon issue --email <address> --amount <19.99> [--currency USD|INR]   issue a coupon to a user
  coupon pending                                                          list payouts to make (redeemed coupons)
  coupon paid --code <DOC-…>                                              mark a pending payout complete`;

/** How a listing marks what came from the built-in test provider (docs/billing.md). */
export const TEST_MARK = 'TEST PAYMENT (no money moved: do not pay out)';

/** The operator's commands (docs/billing.md). Answers the exit code; writes to `out`. */
export async function runAdmin(
  argv: string[],
  deps: { db: Kysely<Database>; box: SecretBox; out: (line: string) => void; billing?: BillingConfig },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      code: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const [area, command] = positionals;
  const coupons = new CouponService(deps.db, deps.box);
  if (area === 'stats') {
    const stats = await usageStats(deps.db);
    // an operator who forgot PAYMENT_MODE=live reads it here too, next to the conversion figures
    const sandbox = deps.billing ? paymentSandboxWarning(deps.billing) : null;
    const payments = deps.billing
      ? { mode: deps.billing.paymentMode, sandbox: deps.billing.sandboxProviders, warning: sandbox }
      : undefined;
    if (values.json) deps.out(JSON.stringify({ ...stats, ...(payments ? { payments } : {}) }));
    else {
      if (sandbox) deps.out(sandbox);
      for (const line of formatStats(stats)) deps.out(line);
    }
    return 0;
  }
  if (area !== 'coupon') {
    deps.out(USAGE);
    return 2;
  }
  if (command === 'issue') {
    const email = values.email?.trim().toLowerCase();
    const amount = values.amount?.trim() ?? '';
    const currency = (values.currency ?? 'USD').toUpperCase();
    if (!email || !/^\d{1,7}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || (currency !== 'USD' && currency !== 'INR')) {
      deps.out(USAGE);
      return 2;
    }
    const user = await deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!user) {
      deps.out(`No user with the email ${email}.`);
      return 1;
    }
    const row = await coupons.issue(user.id, Math.round(Number(amount) * 100), currency);
    deps.out(`Issued ${row.coupon_code}: ${amount} ${currency} to ${email}.`);
    return 0;
  }
  if (command === 'pending') {
    const rows = await coupons.pending();
    if (rows.length === 0) deps.out('No payouts pending.');
    for (const r of rows)
      deps.out(`${r.code}\t${r.email}\t${r.amount.toFixed(2)} ${r.currency}\t${r.type ?? ''}\t${r.payTo}${r.test ? `\t${TEST_MARK}` : ''}`);
    return 0;
  }
  if (command === 'paid') {
    const code = values.code?.trim();
    if (!code) {
      deps.out(USAGE);
      return 2;
    }
    const row = await coupons.markPaid(code);
    if (!row) {
      deps.out(`No pending payout with the code ${code}.`);
      return 1;
    }
    deps.out(`Marked ${code} paid out (PAYMENT_COMPLETE).`);
    return 0;
  }
  deps.out(USAGE);
  return 2;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const secrets = await loadSecrets(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runAdmin(process.argv.slice(2), {
      db: database.db,
      box: new SecretBox(secrets.encryptionKey),
      out: (l) => console.log(l),
      billing: config.billing,
    });
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(`admin: ${(err as Error).message}`);
    process.exit(1);
  });
}
