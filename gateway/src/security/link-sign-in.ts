/**
 * Whether following a mailed link may sign the browser in, by Fetch Metadata (login CSRF, ASVS 3.5.x): a link
 * opened from the mail client or typed (`Sec-Fetch-Site: none`), one followed on our own origin (`same-origin`),
 * or a client that sends no Fetch Metadata (not a browser) may; a navigation started by another site
 * (`cross-site`, and `same-site`: another origin we do not control) may not, since the attacker chose the link
 * and so the account it signs into.
 */
export function mayLinkSignIn(secFetchSite: string | string[] | undefined): boolean {
  if (secFetchSite === undefined) return true;
  if (Array.isArray(secFetchSite)) return false;
  const site = secFetchSite.trim().toLowerCase();
  return site === 'none' || site === 'same-origin';
}
