import { z } from 'zod';
import { Vendor } from './enums.ts';

/**
 * A self-hosted vendor's base URL: http(s) only, and nothing that lets the user steer the path
 * the server appends (`?`, `#`) or smuggle credentials (`user:pass@`). Where it may point is the
 * server's outbound policy's decision (docs/security.md).
 */
export const VendorBaseUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' })
  .max(2048)
  .refine((value) => !/[?#]/.test(value), 'Must not contain "?" or "#".')
  .refine((value) => !/^https?:\/\/[^/]*@/i.test(value), 'Must not contain a user name or password.');

/** POST /v1/vendors/{vendor}/connection (path ours): connect a hosted vendor with a token. */
export const ConnectVendorRequest = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, 'This field is required!')
      .max(4096, 'The token is too long.')
      // it travels in an HTTP header: printable ASCII only, or the request could not even be sent
      .regex(/^[\x21-\x7e]+$/, 'The token may contain only printable ASCII characters, without spaces.'),
    kind: z.enum(['pat', 'app-installation', 'oauth']).default('pat'),
    baseUrl: VendorBaseUrl.optional().describe('self-managed GitLab / GitHub Enterprise API / Azure DevOps collection URL'),
    organization: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^/\\\s]+$/, 'Must not contain slashes or spaces.')
      .optional(),
    username: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type ConnectVendorRequest = z.input<typeof ConnectVendorRequest>;

export const VendorConnection = z.object({
  vendor: Vendor,
  organization: z.string(),
  login: z.string().nullable(),
  baseUrl: z.string().nullable(),
  status: z.string(),
  message: z.string(),
  lastSyncedAt: z.string().nullable(),
  /** the provider refused to refresh this sign-in's token: sign in with it again */
  needsReauth: z.boolean().optional(),
});
export type VendorConnection = z.infer<typeof VendorConnection>;

/** docs/spec-conformance.md §3 installation status per vendor. */
export const InstallStatus = z.object({ status: z.string(), message: z.string() });
export type InstallStatus = z.infer<typeof InstallStatus>;

export const AzurePatQuery = z.object({
  organization: z.string().trim().min(1, 'organization is required').max(200),
  /** Azure DevOps Server collection URL; default https://dev.azure.com/{organization} */
  baseUrl: VendorBaseUrl.optional(),
});
export const AzurePatResponse = z.object({ isValid: z.boolean(), message: z.string().optional() });

/** Terminal words of the install/sync stream (docs/spec-conformance.md §7): a line `x~~COMPLETE` ends it. */
export const SYNC_END_WORDS = ['COMPLETE', 'ERROR', 'FAILED'] as const;
