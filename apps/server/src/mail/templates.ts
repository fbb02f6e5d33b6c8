import type { Mail } from './mailer.ts';
import type { MailLanguage } from './language.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FOOTER: Record<MailLanguage, string> = {
  en: 'Docent — documentation analysis for your repositories.',
  de: 'Docent – Dokumentationsanalyse für Ihre Repositorys.',
};

function layout(title: string, body: string, lang: MailLanguage): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;background:#f5f7fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h2 style="margin-top:0">${escape(title)}</h2>${body}
<p style="color:#8c8c8c;font-size:12px">${escape(FOOTER[lang])}</p></div></body></html>`;
}

const ACTIVATION = {
  en: {
    subject: 'Verify your Docent email address',
    title: 'Verify your email',
    greeting: (name: string) => `Hi ${name},`,
    lead: 'Confirm your email address and sign in to Docent:',
    button: 'Verify email',
    or: 'Or open',
    expiry: 'The link works once and expires in 48 hours.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse bei Docent',
    title: 'E-Mail-Adresse bestätigen',
    greeting: (name: string) => `Hallo ${name},`,
    lead: 'bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich bei Docent an:',
    button: 'E-Mail-Adresse bestätigen',
    or: 'Oder öffnen Sie',
    expiry: 'Der Link funktioniert einmal und läuft nach 48 Stunden ab.',
  },
} as const;

export function activationMail(to: string, firstName: string, link: string, lang: MailLanguage = 'en'): Mail {
  const t = ACTIVATION[lang];
  return {
    to,
    subject: t.subject,
    text: `${t.greeting(firstName)}\n\n${t.lead}\n${link}\n\n${t.expiry}`,
    html: layout(
      t.title,
      `<p>${escape(t.greeting(firstName))}</p><p>${escape(t.lead)}</p>
<p><a href="${escape(link)}" style="background:#1677ff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(t.button)}</a></p>
<p style="font-size:12px;color:#595959">${escape(t.or)} ${escape(link)}<br>${escape(t.expiry)}</p>`,
      lang,
    ),
  };
}

const SECURITY_CODE = {
  en: {
    subject: (code: string) => `Your Docent security code is ${code}`,
    title: 'Your security code',
    what: { 'reset-password': 'reset your password', 'change-email': 'confirm your new email address' },
    enter: (what: string) => `Enter it to ${what}.`,
    enterHtml: (what: string) => `Enter this code to ${what}:`,
    expiry: 'It expires in 15 minutes. If you did not ask for it, ignore this mail.',
  },
  de: {
    subject: (code: string) => `Ihr Docent-Sicherheitscode lautet ${code}`,
    title: 'Ihr Sicherheitscode',
    what: { 'reset-password': 'Ihr Passwort zurückzusetzen', 'change-email': 'Ihre neue E-Mail-Adresse zu bestätigen' },
    enter: (what: string) => `Geben Sie ihn ein, um ${what}.`,
    enterHtml: (what: string) => `Geben Sie diesen Code ein, um ${what}:`,
    expiry: 'Er läuft nach 15 Minuten ab. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
} as const;

export function securityCodeMail(to: string, code: string, purpose: 'reset-password' | 'change-email', lang: MailLanguage = 'en'): Mail {
  const t = SECURITY_CODE[lang];
  const what = t.what[purpose];
  return {
    to,
    subject: t.subject(code),
    text: `${t.subject(code)}\n\n${t.enter(what)} ${t.expiry}`,
    html: layout(
      t.title,
      `<p>${escape(t.enterHtml(what))}</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p>
<p style="font-size:12px;color:#595959">${escape(t.expiry)}</p>`,
      lang,
    ),
  };
}

const ADDRESS_IN_USE = {
  en: {
    subject: 'Your email address was entered on Docent',
    title: 'Your email address was entered',
    text: 'Someone signed in to another Docent account asked to use this email address. It already belongs to your account, so nothing was changed. If this was you, sign in with this address instead.',
  },
  de: {
    subject: 'Ihre E-Mail-Adresse wurde bei Docent eingegeben',
    title: 'Ihre E-Mail-Adresse wurde eingegeben',
    text: 'Jemand, der in einem anderen Docent-Konto angemeldet ist, wollte diese E-Mail-Adresse verwenden. Sie gehört bereits zu Ihrem Konto, daher wurde nichts geändert. Wenn Sie das waren, melden Sie sich stattdessen mit dieser Adresse an.',
  },
} as const;

/** Sent to an address's owner when another account asks to move to it (no code is issued). */
export function addressInUseMail(to: string, lang: MailLanguage = 'en'): Mail {
  const t = ADDRESS_IN_USE[lang];
  return { to, subject: t.subject, text: t.text, html: layout(t.title, `<p>${escape(t.text)}</p>`, lang) };
}
