import type { ErrorDefinition } from '@authsvc/errors';
import type { Response } from 'express';

/** The one shape of every error the API answers: `{message, code}` with the catalogue's status. */
export function sendError(response: Response, error: ErrorDefinition): void {
  response.status(error.status).json({ message: error.message, code: error.code });
}
