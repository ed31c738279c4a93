/** Where the auth API lives, as the reference client expects it. */
export const AUTH_BASE_PATH = '/api/auth';
