import { AnalysisReport, type PlanType, type Repository, type Vendor } from '@docent/contracts';
import type { RepositoryRow } from '../db/schema.ts';

export function toRepository(row: RepositoryRow): Repository {
  const parsed = AnalysisReport.safeParse(row.analysis_report ?? {});
  return {
    id: row.id,
    repoName: row.repo_name,
    organizationName: row.organization_name,
    vendor: row.vendor as Vendor,
    planType: row.plan_type as PlanType,
    isPrivate: row.is_private,
    installationId: row.installation_id,
    defaultBranch: row.default_branch,
    gitAppMetaData: { siteUrl: row.site_url, analysisReport: parsed.success ? parsed.data : {} },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
