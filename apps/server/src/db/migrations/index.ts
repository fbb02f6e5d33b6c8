import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_repos_jobs.ts';
import * as m0003 from './0003_vendor_connections.ts';
import * as m0004 from './0004_sessions.ts';
import * as m0005 from './0005_api_keys.ts';
import * as m0006 from './0006_onboarding_flags.ts';
import * as m0007 from './0007_oauth.ts';
import * as m0008 from './0008_billing.ts';
import * as m0009 from './0009_webhooks.ts';
import * as m0010 from './0010_pr_insights.ts';
import * as m0011 from './0011_doc_sets.ts';
import * as m0012 from './0012_connection_refresh.ts';
import * as m0013 from './0013_provider_plans.ts';
import * as m0014 from './0014_docset_auto_config.ts';
import * as m0015 from './0015_webhook_replay.ts';
import * as m0016 from './0016_details_gzip.ts';
import * as m0017 from './0017_webhook_detail_parts.ts';
import * as m0018 from './0018_languages.ts';

/** Versioned migrations, applied in name order at start. Never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_repos_jobs': m0002,
  '0003_vendor_connections': m0003,
  '0004_sessions': m0004,
  '0005_api_keys': m0005,
  '0006_onboarding_flags': m0006,
  '0007_oauth': m0007,
  '0008_billing': m0008,
  '0009_webhooks': m0009,
  '0010_pr_insights': m0010,
  '0011_doc_sets': m0011,
  '0012_connection_refresh': m0012,
  '0013_provider_plans': m0013,
  '0014_docset_auto_config': m0014,
  '0015_webhook_replay': m0015,
  '0016_details_gzip': m0016,
  '0017_webhook_detail_parts': m0017,
  '0018_languages': m0018,
};
