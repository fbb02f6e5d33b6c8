import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables; the SQL lives in ./migrations. */
export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  user_name: string;
  email: string;
  password_hash: string;
  /** bumped on every password change: older session tokens stop working */
  password_version: Generated<number>;
  is_verified: Generated<boolean>;
  plan_type: string | null;
  img_url: string | null;
  github_login_id: string | null;
  google_login_id: string | null;
  gitlab_login_id: Generated<string | null>;
  bitbucket_login_id: Generated<string | null>;
  azure_login_id: Generated<string | null>;
  count_repo_gen: Generated<number>;
  /** when the welcome tour was finished or skipped; null: not yet */
  tutorial_done_at: Date | null;
  /** when the credits banner was dismissed; null: not yet */
  credits_banner_dismissed_at: Date | null;
  /** the interface language last seen on the web app's requests: the wording of jobs no request starts (docs/i18n.md) */
  language: Generated<'en' | 'de'>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export type CodePurpose = 'verify-email' | 'reset-password' | 'change-email';

export interface AuthCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  /** the address the code was sent to */
  email: string;
  /** HMAC of the code (or of the link token id): the code itself is never stored */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface RepositoriesTable {
  id: Generated<string>;
  user_id: string;
  vendor: string;
  organization_name: string;
  repo_name: string;
  clone_url: string;
  default_branch: string | null;
  plan_type: Generated<string>;
  is_private: Generated<boolean>;
  installation_id: string | null;
  site_url: string | null;
  analysis_report: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface AnalysisDetailsTable {
  repository_id: string;
  analysis_type: string;
  /** the details as JSON; null when they are stored compressed (migration 0016) */
  data: ColumnType<unknown, string | null, string | null>;
  /** the details' JSON, gzip-compressed: large details, which PostgreSQL then never parses (migration 0016) */
  data_gzip: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface JobsTable {
  id: Generated<number>;
  user_id: string;
  repository_id: string | null;
  job_type: string;
  organization_name: string;
  repo_name: string;
  vendor: string;
  state: Generated<string>;
  message: Generated<string>;
  progress: Generated<number>;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  cancel_requested: Generated<boolean>;
  worker_id: string | null;
  heartbeat_at: Date | null;
  attempts: Generated<number>;
  time_created: ColumnType<Date, never, never>;
  started_at: Date | null;
  finished_at: Date | null;
  /** the language the job's log lines are worded in (docs/i18n.md, "Job-log lines") */
  language: Generated<'en' | 'de'>;
}

export interface JobLogsTable {
  job_id: number;
  seq: number;
  kind: string;
  ts: ColumnType<Date, Date | undefined, never>;
  text: string;
}

export interface VendorConnectionsTable {
  id: Generated<string>;
  user_id: string;
  vendor: string;
  organization: Generated<string>;
  base_url: string | null;
  kind: string;
  username: string | null;
  login: string | null;
  credential_sealed: string;
  status: Generated<string>;
  message: Generated<string>;
  last_synced_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  /** the OAuth provider that issued the token (null for a personal access token) */
  oauth_provider: ColumnType<string | null, string | null | undefined, string | null>;
  refresh_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  needs_reauth: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  /** absolute end: refreshing a token never carries a session past it */
  expires_at: Date;
  revoked_at: Date | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: Generated<string>;
  /** SHA-256 (hex) of the key: the key itself is never stored */
  key_hash: string;
  /** the key's first 8 characters and last 4, for the masked form */
  prefix: string;
  last4: string;
  is_active: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  last_used_at: Date | null;
}

/** A pending OAuth authorization request: its `state` is used once. */
export interface OAuthStatesTable {
  /** sha256 of the `state` sent to the provider */
  state_hash: string;
  provider: string;
  /** sha256 of the nonce in the browser's signed cookie: binds the request to that browser */
  browser_hash: string;
  /** the PKCE code verifier, sealed */
  verifier_sealed: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** A repository's webhook (docs/webhooks.md): the URL's public id, the sealed secret, auto-docs settings. */
export interface RepoWebhooksTable {
  repository_id: string;
  hook_id: string;
  secret_sealed: string;
  registration: Generated<string>;
  registration_note: string | null;
  vendor_hook_id: string | null;
  auto_docs: ColumnType<Record<string, boolean>, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

/** A verified webhook delivery, once per vendor delivery id. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  repository_id: string;
  vendor: string;
  delivery_id: string;
  event: string;
  result: string;
  detail: Generated<string>;
  /** `detail` as codes with parameters (a handled delivery since migration 0017), or null */
  detail_parts: ColumnType<unknown, string | null | undefined, string | null>;
  received_at: ColumnType<Date, never, never>;
}

/** One finished analysis: the trend chart's point. */
export interface AnalysisHistoryTable {
  id: Generated<number>;
  repository_id: string;
  job_id: number | null;
  commit_sha: string;
  documented_share: number | null;
  outdated_count: number | null;
  readme_score: number | null;
  analysed_at: ColumnType<Date, never, never>;
}

export interface Database {
  repo_webhooks: RepoWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  analysis_history: AnalysisHistoryTable;
  api_keys: ApiKeysTable;
  oauth_states: OAuthStatesTable;
  sessions: SessionsTable;
  vendor_connections: VendorConnectionsTable;
  users: UsersTable;
  auth_codes: AuthCodesTable;
  repositories: RepositoriesTable;
  analysis_details: AnalysisDetailsTable;
  jobs: JobsTable;
  job_logs: JobLogsTable;
  doc_sets: DocSetsTable;
  doc_files: DocFilesTable;
  pr_check_settings: PrCheckSettingsTable;
  pr_insights: PrInsightsTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  payment_webhook_deliveries: PaymentWebhookDeliveriesTable;
  billing_provider_plans: BillingProviderPlansTable;
  referrals: ReferralsTable;
  coupons: CouponsTable;
}

export type RepositoryRow = Selectable<RepositoriesTable>;
export type JobRow = Selectable<JobsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type VendorConnectionRow = Selectable<VendorConnectionsTable>;

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Architecture / API doc sets (migration 0011). */
export interface DocSetsTable {
  id: Generated<number>;
  repository_id: string;
  kind: string;
  commit: string;
  job_id: number | null;
  hosted: boolean;
  manifest: ColumnType<unknown, string, string>;
  result: ColumnType<unknown, string, string>;
  total_bytes: ColumnType<string | number, number, number>;
  created_at: ColumnType<Date, never, never>;
}

export interface DocFilesTable {
  doc_set_id: number;
  name: string;
  format: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** A repository's pull-request check (docs/pr-insights.md): fail under this percent documented; null = off. */
export interface PrCheckSettingsTable {
  repository_id: string;
  fail_under: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One checked pull request: where its comment is (updated in place) and its last result. */
export interface PrInsightsTable {
  id: Generated<string>;
  repository_id: string;
  number: number;
  vendor: string;
  comment_id: string | null;
  thread_id: string | null;
  head_sha: string;
  result: ColumnType<unknown, string | undefined, string>;
  /** the suggested docstrings as a patch (served at /api/v1/pr-insights/patch/{token}) */
  patch: string | null;
  patch_token: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
/** Billing (docs/billing.md, migration 0008). Amounts in minor units (cents, paise). */
export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  product_id: string;
  repository_id: string | null;
  amount_minor: number;
  currency: string;
  status: Generated<string>;
  /** the provider's order / session id */
  provider_ref: string | null;
  subscription_id: string | null;
  failure_reason: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  completed_at: Date | null;
  /** set once, when the effects were applied: a replayed confirmation finds it set */
  fulfilled_at: Date | null;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_ref: string | null;
  status: Generated<string>;
  current_period_end: Date;
  cancelled_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A payment provider's webhook event, once per (provider, event id) (docs/billing.md). */
export interface PaymentWebhookDeliveriesTable {
  provider: string;
  event_id: string;
  event_type: string;
  received_at: ColumnType<Date, never, never>;
}

/** A Pro plan Docent created at a provider (migration 0013). */
export interface BillingProviderPlansTable {
  provider: string;
  product_id: string;
  currency: string;
  amount_minor: number;
  plan_ref: string;
  created_at: ColumnType<Date, never, never>;
}

export interface ReferralsTable {
  referred_user_id: string;
  referrer_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface CouponsTable {
  id: Generated<string>;
  user_id: string;
  coupon_code: string;
  coupon_type: string;
  amount_minor: number;
  currency: string;
  is_used: Generated<boolean>;
  used_at: Date | null;
  coupon_state: Generated<string>;
  redeem_type: string | null;
  /** the UPI / Amazon Pay id, sealed (secretbox) */
  redeem_id_sealed: string | null;
  source_payment_id: string | null;
  created_at: ColumnType<Date, never, never>;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CouponRow = Selectable<CouponsTable>;

/** The digest of an accepted webhook delivery's signed body, kept for the replay window (docs/webhooks.md). */
export interface WebhookBodiesTable {
  digest: string;
  repository_id: string;
  received_at: Date;
}

// Declaration merging: the replay window's table joins the database's tables.
export interface Database {
  webhook_bodies: WebhookBodiesTable;
}
