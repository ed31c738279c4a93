import { useId, type ReactNode, type RefObject } from 'react';

interface ConfirmDialogProps {
  /** The dialog, opened by its owner with `showModal()`. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The confirming button's text. */
  label: string;
  /** What the action does, said before it is done. */
  question: ReactNode;
  onConfirm: () => void;
}

/** A modal question before a destructive action (focus moves in and back; Escape cancels). */
export function ConfirmDialog({ dialogRef, label, question, onConfirm }: ConfirmDialogProps) {
  const questionId = useId();
  return (
    <dialog ref={dialogRef} aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <div className="actions">
        <button type="button" onClick={() => dialogRef.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            dialogRef.current?.close();
            onConfirm();
          }}
        >
          {label}
        </button>
      </div>
    </dialog>
  );
}
