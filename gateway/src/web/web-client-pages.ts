/**
 * The web client's screen a mailed reset link lands on when the request named no `redirectTo` (web/src/routes.tsx):
 * it reads `?token=` and explains `?error=INVALID_TOKEN`.
 */
export const WEB_RESET_PASSWORD_PAGE = '/reset-password';
