import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, UpdateProfileRequest, User } from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError } from '../http/errors.ts';
import { toUser } from './mapper.ts';
import type { UserRepository } from './repository.ts';
import { startLanguage } from './language.ts';

const tags = ['users'];

export function userRoutes(auth: AuthService, users: UserRepository) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get('/v1/user', { ...signedIn, schema: { tags, response: { 200: User } } }, async (req) => {
      // The web app reads the user on every load: the account keeps the language it reads, for
      // the jobs no request starts (docs/i18n.md, "Job-log lines"); written only when it changed.
      const { language, remember } = startLanguage(req);
      if (remember) await users.setLanguage(userOf(req).id, language);
      return toUser(userOf(req), await users.connectedVendors(userOf(req).id));
    });

    r.put('/v1/users', { ...signedIn, schema: { tags, body: UpdateProfileRequest, response: { 200: User } } }, async (req) => {
      const me = userOf(req);
      const b = req.body;
      if (b.userName !== undefined && (await users.userNameTaken(b.userName, me.id))) {
        throw new HttpError(409, ErrorCode.USERNAME_TAKEN, 'This user name is already taken.');
      }
      const row = await users.update(me.id, {
        ...(b.firstName !== undefined ? { first_name: b.firstName } : {}),
        ...(b.lastName !== undefined ? { last_name: b.lastName } : {}),
        ...(b.userName !== undefined ? { user_name: b.userName } : {}),
        ...(b.imgUrl !== undefined ? { img_url: b.imgUrl } : {}),
      });
      return toUser(row, await users.connectedVendors(me.id));
    });

    // The welcome tour (docs/spec-conformance.md §4: shown once, marked done on finish or skip) and the credits
    // banner (once per user). No body; both answer the updated user and are idempotent.
    r.post('/v1/user/tutorial/done', { ...signedIn, schema: { tags, response: { 200: User } } }, async (req) =>
      toUser(await users.markTutorialDone(userOf(req).id), await users.connectedVendors(userOf(req).id)),
    );
    r.post('/v1/user/credits-banner/dismiss', { ...signedIn, schema: { tags, response: { 200: User } } }, async (req) =>
      toUser(await users.dismissCreditsBanner(userOf(req).id), await users.connectedVendors(userOf(req).id)),
    );
  };
}
