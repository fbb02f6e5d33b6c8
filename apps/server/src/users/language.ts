import type { FastifyRequest } from 'fastify';
import type { JobLanguage } from '@docent/contracts';
import { mailLanguage } from '../mail/language.ts';

/**
 * The language a request asks for, by the mail rule (docs/i18n.md): German when its
 * Accept-Language ranks German above English, English otherwise and without the header (the CLI).
 */
export function requestLanguage(req: FastifyRequest): JobLanguage {
  return mailLanguage(req.headers['accept-language']);
}

/** The language a job a request starts is worded in, and whether to store it with the account. */
export interface StartLanguage {
  language: JobLanguage;
  /** the signed-in web app asked: the account's stored language follows (only written when it differs) */
  remember: boolean;
}

/**
 * A request's language for the job it starts. The account keeps the language of the signed-in web
 * app (a session, not an API key, and the header present) for the jobs no request starts
 * (webhooks, automatic doc updates, post-receive checks): docs/i18n.md, "Job-log lines".
 */
export function startLanguage(req: FastifyRequest): StartLanguage {
  const language = requestLanguage(req);
  const fromWebApp = req.currentSession != null && req.headers['accept-language'] !== undefined;
  return { language, remember: fromWebApp && req.currentUser?.language !== language };
}
