import { useId, useRef, type ReactNode } from 'react';

interface ConfirmButtonProps {
  /** The button's text, also the confirming button's. */
  label: string;
  /** What the action does, said before it is done. */
  question: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A destructive action that asks first, in a modal dialog (focus moves in and back; Escape cancels). */
export function ConfirmButton({ label, question, onConfirm, disabled }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  return (
    <>
      <button type="button" className="danger" disabled={disabled} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={questionId}>
        <p id={questionId}>{question}</p>
        <div className="actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {label}
          </button>
        </div>
      </dialog>
    </>
  );
}
