import type { ReactNode } from 'react';

/** The form's own error (one no field owns), announced as it appears. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="form-error">
      {message}
    </p>
  ) : null;
}

/** A success note, announced politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="notice">
      {children}
    </p>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="primary" disabled={pending} aria-busy={pending}>
      {pending ? 'Please wait…' : children}
    </button>
  );
}
