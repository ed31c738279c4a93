import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';

/** Which form field an error code of the server belongs to; codes not listed are shown above the button. */
export type FieldOfCode = Readonly<Record<string, string>>;

interface FormOptions<T> {
  submit: (values: FormData) => Promise<T>;
  fieldOfCode?: FieldOfCode;
  onSuccess?: (result: T) => void;
  /** Empty the fields after a success: for forms that add one more of something (an invitation, a team). */
  resetOnSuccess?: boolean;
}

/** The fields the browser's constraint validation refuses, with its (localised) message. */
function invalidFields(form: HTMLFormElement): Record<string, string> {
  const invalid: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    const checked = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
    if (!checked || element.validity.valid) continue;
    invalid[element.name] = element.validationMessage;
  }
  return invalid;
}

/**
 * A form that the browser validates first (messages shown inline, not as bubbles) and that then calls the API;
 * the server's `{message, code}` lands at the field the code names, else as the form's error.
 */
export function useForm<T>({ submit, fieldOfCode = {}, onSuccess, resetOnSuccess }: FormOptions<T>) {
  const [browserErrors, setBrowserErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({ mutationFn: submit, onSuccess });
  const failure = mutation.error;
  const serverField = failure instanceof ApiError ? fieldOfCode[failure.code] : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const invalid = invalidFields(form);
    setBrowserErrors(invalid);
    const [firstInvalid] = Object.keys(invalid);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    mutation.mutate(new FormData(form), { onSuccess: () => resetOnSuccess && form.reset() });
  }

  return {
    onSubmit,
    pending: mutation.isPending,
    succeeded: mutation.isSuccess,
    result: mutation.data,
    fieldError: (name: string) => browserErrors[name] ?? (serverField === name ? failure?.message : undefined),
    formError: failure && !serverField ? failure.message : undefined,
    errorCode: failure instanceof ApiError ? failure.code : undefined,
  };
}

/** A text field's value, trimmed; '' when absent. */
export function textOf(values: FormData, name: string): string {
  return String(values.get(name) ?? '').trim();
}
