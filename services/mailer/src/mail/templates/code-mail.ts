import { escapeHtml } from './escape-html.js';
import type { RenderedMail } from './rendered-mail.js';

/** What introduces the code in both parts, so that redaction finds it (see `redactLinks`). */
export const CODE_LEAD = 'Your one-time code: ';

/** The purpose of each kind of code: the emailOTP plugin's types, and the two-factor plugin's second step. */
const CODE_WORDING: Readonly<Record<string, { subject: string; request: string; ifNotYou?: string }>> = {
  'sign-in': { subject: 'Your sign-in code', request: 'To sign in, enter this code' },
  'email-verification': {
    subject: 'Verify your email address',
    request: 'To verify your email address, enter this code',
  },
  'forget-password': { subject: 'Reset your password', request: 'To choose a new password, enter this code' },
  // Only someone who knows the password gets this far: say so.
  'two-factor': {
    subject: 'Your verification code',
    request: 'To finish signing in, enter this code',
    ifNotYou: 'If you did not try to sign in, change your password: someone knows it.',
  },
};

/** A mailed one-time code: both parts carry it after `CODE_LEAD`. */
export function codeMail(
  recipient: { email: string; name: string; otp: string; expiresAt: string },
  type: string,
): RenderedMail {
  const wording = CODE_WORDING[type] ?? CODE_WORDING['sign-in'];
  const greeting = recipient.name ? `Hello ${recipient.name},` : 'Hello,';
  const ifNotYou = wording.ifNotYou ?? 'If you did not ask for it, you can ignore this mail.';
  const validity = `The code is valid until ${new Date(recipient.expiresAt).toUTCString()}. ${ifNotYou}`;
  const text = [greeting, '', `${wording.request}.`, `${CODE_LEAD}${recipient.otp}`, '', validity].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(wording.request)}.</p>
<p style="font-size:1.4em">${escapeHtml(CODE_LEAD + recipient.otp)}</p>
<p style="color:#555">${escapeHtml(validity)}</p>
</body></html>`;
  return { to: recipient.email, subject: wording.subject, text, html };
}

/** Tells the owner that their unverified account was claimed by a mailed link or code. */
export function claimNoticeMail(
  recipient: { email: string; name: string; url: string },
  credentialRemoved: boolean,
): RenderedMail {
  const greeting = recipient.name ? `Hello ${recipient.name},` : 'Hello,';
  const lines = [
    'Someone just proved they receive mail at this address, by a sign-in link or code, and signed in to the account registered with it.',
    'The account had not been verified yet, so every session it had was ended, any sign-in account linked to it was' +
      ' unlinked' +
      (credentialRemoved ? ', and its password was removed: whoever set it may not have been you.' : '.'),
    'If that was you, nothing else is needed. You can set a new password from the app.',
  ];
  const text = [greeting, '', ...lines, '', recipient.url].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(recipient.url)}">${escapeHtml(recipient.url)}</a></p>
</body></html>`;
  return { to: recipient.email, subject: 'Your account was signed in to with a mailed link or code', text, html };
}
