import { escapeHtml } from './escape-html.js';
import type { RenderedMail } from './rendered-mail.js';

/** Who gets the mail, the link that acts for them, and until when it works. */
export interface ActionMailRecipient {
  readonly email: string;
  /** Absent when we know only the address (an invitee): the greeting then names nobody. */
  readonly name?: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** The wording of one kind of action mail. */
export interface ActionMailWording {
  readonly subject: string;
  readonly request: string;
  readonly button: string;
  readonly ifNotYou: string;
  /** What stops working at the expiry: "The link" unless said otherwise. */
  readonly expiring?: string;
}

/** Every mail of ours asks for one action through one link: text and HTML parts both carry the full link. */
export function actionMail(recipient: ActionMailRecipient, wording: ActionMailWording): RenderedMail {
  const expires = new Date(recipient.expiresAt).toUTCString();
  const validity = `${wording.expiring ?? 'The link'} is valid until ${expires}. ${wording.ifNotYou}`;
  const greeting = recipient.name ? `Hello ${recipient.name},` : 'Hello,';
  const text = [greeting, '', `${wording.request}:`, recipient.url, '', validity].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(wording.request)}:</p>
<p><a href="${escapeHtml(recipient.url)}">${escapeHtml(wording.button)}</a></p>
<p style="color:#555">Or copy this link: ${escapeHtml(recipient.url)}</p>
<p style="color:#555">${escapeHtml(validity)}</p>
</body></html>`;
  return { to: recipient.email, subject: wording.subject, text, html };
}

export const VERIFICATION_WORDING: ActionMailWording = {
  subject: 'Verify your email address',
  request: 'Please confirm your email address by opening this link',
  button: 'Verify my email address',
  ifNotYou: 'If you did not create an account, you can ignore this mail.',
};

export const PASSWORD_RESET_WORDING: ActionMailWording = {
  subject: 'Reset your password',
  request: 'Someone asked to reset the password of your account. To choose a new one, open this link',
  button: 'Choose a new password',
  ifNotYou: 'If it was not you, ignore this mail: your password stays as it is.',
};

export const CHANGE_EMAIL_WORDING: ActionMailWording = {
  subject: 'Confirm your new email address',
  request: 'To make this the email address of your account, open this link',
  button: 'Confirm my new email address',
  ifNotYou: 'If you did not ask for this change, ignore this mail: nothing changes.',
};

export const CHANGE_EMAIL_APPROVAL_WORDING: ActionMailWording = {
  subject: 'Approve the change of your email address',
  request: 'Someone asked to change the email address of your account. To approve it, open this link',
  button: 'Approve the change',
  ifNotYou: 'If it was not you, ignore this mail and consider changing your password.',
};

export const DELETE_ACCOUNT_WORDING: ActionMailWording = {
  subject: 'Confirm the deletion of your account',
  request: 'To delete your account and all its data for good, open this link',
  button: 'Delete my account',
  ifNotYou: 'If you did not ask for this, ignore this mail: your account stays.',
};
