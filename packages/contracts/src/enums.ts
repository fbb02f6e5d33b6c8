import { z } from 'zod';

/** docs/spec-conformance.md §3 enums. One definition, used by server and web. */
export const PlanType = z.enum(['FREE', 'PREMIUM', 'PRO']);
export type PlanType = z.infer<typeof PlanType>;

/** The four hosted vendors plus GIT (any clone URL). AZURE is a display alias only. */
export const Vendor = z.enum(['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS', 'GIT']);
export type Vendor = z.infer<typeof Vendor>;
export const HOSTED_VENDORS = ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS'] as const;

export const Visibility = z.enum(['PUBLIC', 'PRIVATE', 'PROTECTED']);
export type Visibility = z.infer<typeof Visibility>;

export const Severity = z.enum(['HIGH', 'MEDIUM', 'LOW']);
export type Severity = z.infer<typeof Severity>;

export const VersionState = z.enum(['OUTDATED', 'CURRENT']);
export type VersionState = z.infer<typeof VersionState>;

export const JobState = z.enum(['START', 'VALIDATING', 'QUEUED', 'RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT']);
export type JobState = z.infer<typeof JobState>;
export const ACTIVE_JOB_STATES: readonly JobState[] = ['START', 'VALIDATING', 'QUEUED', 'RUNNING'];
export const FINAL_JOB_STATES: readonly JobState[] = ['COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'];

/** Kinds in the log-line wire format KIND::timestamp::text. */
export const LogKind = z.enum(['ERROR', 'WARNING', 'INFO', 'SUCCESS', 'DEBUG', 'COMMAND', 'JSON', 'URL', 'SYSTEM']);
export type LogKind = z.infer<typeof LogKind>;

/** Types of a terminal message as the web terminal shows them. */
export const MessageType = z.enum([
  'info',
  'error',
  'warning',
  'success',
  'system',
  'start',
  'command',
  'json',
  'code',
  'url',
  'debug',
  'failed',
  'terminated',
  'complete',
  'timeout',
]);
export type MessageType = z.infer<typeof MessageType>;

export const AnalysisType = z.enum(['basicDoc', 'advancedDoc', 'readme', 'coverage']);
export type AnalysisType = z.infer<typeof AnalysisType>;

export const DocType = z.enum(['repo', 'arch', 'api']);
export type DocType = z.infer<typeof DocType>;

export const PaymentStatus = z.enum(['PAYMENT_ACTIVE', 'PAYMENT_COMPLETE', 'PAYMENT_FAILED', 'PAYMENT_PENDING']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const Currency = z.enum(['USD', 'INR']);
export type Currency = z.infer<typeof Currency>;

export const ComplexityCategory = z.enum(['high', 'medium', 'low']);
export type ComplexityCategory = z.infer<typeof ComplexityCategory>;

export const Scope = z.enum(['public', 'private', 'protected']);
export type Scope = z.infer<typeof Scope>;
