/** An answer of the API that is not a success: the server's `{message, code}` with its status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface ClientResult<T> {
  data: T | null;
  error: { message?: string; code?: string; status: number; statusText: string } | null;
}

/**
 * The better-auth client answers `{data, error}` instead of throwing; TanStack Query and the forms want a value or
 * a thrown error.
 */
export async function unwrap<T>(call: Promise<ClientResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) {
    const message = error.message ?? (error.status === 0 ? 'The server could not be reached.' : error.statusText);
    throw new ApiError(message, error.code ?? 'UNKNOWN', error.status);
  }
  return data as T;
}
