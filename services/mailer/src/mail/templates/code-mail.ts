import { escapeHtml } from './escape-html.js';
import type { RenderedMail } from './rendered-mail.js';

/** Who gets a one-time code, the code, and until when it works. */
export interface CodeMailRecipient {
  readonly email: string;
  readonly name: string;
  readonly code: string;
  readonly expiresAt: string;
}

/** A mail that carries a one-time code to type in rather than a link: the second step of a sign-in. */
export function twoFactorCodeMail(recipient: CodeMailRecipient): RenderedMail {
  const expires = new Date(recipient.expiresAt).toUTCString();
  const greeting = recipient.name ? `Hello ${recipient.name},` : 'Hello,';
  const request = 'Your sign-in verification code is';
  const validity = `The code is valid until ${expires}. If you did not try to sign in, change your password: someone knows it.`;
  const text = [greeting, '', `${request}:`, recipient.code, '', validity].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(request)}:</p>
<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(recipient.code)}</strong></p>
<p style="color:#555">${escapeHtml(validity)}</p>
</body></html>`;
  return { to: recipient.email, subject: 'Your verification code', text, html };
}
