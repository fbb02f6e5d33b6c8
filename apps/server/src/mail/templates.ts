import type { Mail } from './mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f5f7fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h2 style="margin-top:0">${escape(title)}</h2>${body}
<p style="color:#8c8c8c;font-size:12px">Docent — documentation analysis for your repositories.</p></div></body></html>`;
}

export function activationMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your Docent email address',
    text: `Hi ${firstName},\n\nConfirm your email address and sign in to Docent:\n${link}\n\nThe link works once and expires in 48 hours.`,
    html: layout(
      'Verify your email',
      `<p>Hi ${escape(firstName)},</p><p>Confirm your email address and sign in to Docent:</p>
<p><a href="${escape(link)}" style="background:#1677ff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Verify email</a></p>
<p style="font-size:12px;color:#595959">Or open ${escape(link)}<br>The link works once and expires in 48 hours.</p>`,
    ),
  };
}

export function securityCodeMail(to: string, code: string, purpose: 'reset-password' | 'change-email'): Mail {
  const what = purpose === 'reset-password' ? 'reset your password' : 'confirm your new email address';
  return {
    to,
    subject: `Your Docent security code is ${code}`,
    text: `Your Docent security code is ${code}\n\nEnter it to ${what}. It expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    html: layout(
      'Your security code',
      `<p>Enter this code to ${what}:</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p>
<p style="font-size:12px;color:#595959">It expires in 15 minutes. If you did not ask for it, ignore this mail.</p>`,
    ),
  };
}

/** Sent to an address's owner when another account asks to move to it (no code is issued). */
export function addressInUseMail(to: string): Mail {
  const text =
    'Someone signed in to another Docent account asked to use this email address. It already belongs to your account, so nothing was changed. If this was you, sign in with this address instead.';
  return { to, subject: 'Your email address was entered on Docent', text, html: layout('Your email address was entered', `<p>${escape(text)}</p>`) };
}
