import { z } from 'zod';
import { PlanType, Vendor } from './enums.ts';
import { PersonName } from './validation.ts';

/** The User entity of docs/spec-conformance.md §3. `email` is an object with a name, as the spec's client reads it. */
export const User = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  email: z.object({ name: z.string() }),
  imgUrl: z.string().nullable(),
  isVerified: z.boolean(),
  planType: PlanType.nullable(),
  githubLoginId: z.string().nullable(),
  googleLoginId: z.string().nullable(),
  /** the other identity providers' ids; absent from older servers */
  gitlabLoginId: z.string().nullable().optional(),
  bitbucketLoginId: z.string().nullable().optional(),
  azureLoginId: z.string().nullable().optional(),
  connectedVendors: z.array(Vendor),
  countRepoGen: z.number().int(),
  /** the welcome tour was finished or skipped (docs/spec-conformance.md §4: shown once) */
  tutorialDone: z.boolean(),
  /** the credits banner (countRepoGen > 4) was dismissed (docs/spec-conformance.md §4: once per user) */
  creditsBannerDismissed: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const UserName = z
  .string()
  .trim()
  .min(3, 'At least 3 characters.')
  .max(40, 'At most 40 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores.');

/** PUT /v1/users: every field optional; only the given ones change. */
export const UpdateProfileRequest = z
  .object({
    firstName: PersonName.min(1, 'This field is required!'),
    lastName: PersonName,
    userName: UserName,
    imgUrl: z
      .union([z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).max(2048), z.literal('')])
      .transform((s) => (s === '' ? null : s)),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

/**
 * Profile completeness (docs/spec-conformance.md §2): the rounded share of non-empty fields among all fields,
 * counted recursively through nested objects and arrays.
 */
export function profileCompleteness(value: unknown): number {
  let filled = 0;
  let total = 0;
  const walk = (v: unknown): void => {
    if (v !== null && typeof v === 'object') {
      const children = Array.isArray(v) ? v : Object.values(v);
      if (children.length === 0) {
        total += 1; // an empty list or object is one empty field
        return;
      }
      children.forEach(walk);
      return;
    }
    total += 1;
    if (v !== null && v !== undefined && v !== '' && v !== false) filled += 1;
  };
  walk(value);
  return total === 0 ? 0 : Math.round((filled / total) * 100);
}

/**
 * The fields of the profile a user can fill themselves: not the login ids,
 * plan, connected vendors or credits, which the profile form cannot change. `isVerified` counts:
 * the user confirms the address through the activation link.
 */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'userName', 'email', 'imgUrl', 'isVerified'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Completeness (docs/spec-conformance.md §2's rule, non-empty share counted recursively) over the fields the user
 * can fill, and which of them are still missing, in form order.
 */
export function profileProgress(user: Pick<User, ProfileField>): { percent: number; missing: ProfileField[] } {
  const picked = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, user[f]]));
  return {
    percent: profileCompleteness(picked),
    missing: PROFILE_FIELDS.filter((f) => profileCompleteness({ [f]: user[f] }) < 100),
  };
}
