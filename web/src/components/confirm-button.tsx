import { useRef, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmButtonProps {
  /** The button's text, also the confirming button's. */
  label: string;
  /** What the action does, said before it is done. */
  question: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A destructive action that asks first, in a modal dialog. */
export function ConfirmButton({ label, question, onConfirm, disabled }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="danger" disabled={disabled} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <ConfirmDialog dialogRef={dialog} label={label} question={question} onConfirm={onConfirm} />
    </>
  );
}
