import { describe, expect, it } from 'vitest';
import { mailLanguage } from '../src/mail/language.ts';
import { securityCodeMail } from '../src/mail/templates.ts';

describe('mailLanguage (docs/i18n.md)', () => {
  it('picks German only when German ranks above English', () => {
    expect(mailLanguage('de')).toBe('de');
    expect(mailLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(mailLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(mailLanguage('fr,de;q=0.5,en;q=0.3')).toBe('de');
    expect(mailLanguage('de;q=0, en')).toBe('en');
    expect(mailLanguage('fr')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailLanguage('')).toBe('en');
  });

  it('writes the reset-code mail in German, with the code', () => {
    const mail = securityCodeMail('a@example.com', '123456', 'reset-password', 'de');
    expect(mail.subject).toBe('Ihr Docent-Sicherheitscode lautet 123456');
    expect(mail.text).toContain('Geben Sie ihn ein, um Ihr Passwort zurückzusetzen.');
    expect(mail.html).toContain('lang="de"');
  });
});
