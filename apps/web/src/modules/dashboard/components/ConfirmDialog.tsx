import { useId, useState, type ReactNode } from 'react';
import { Modal } from '../../../components/Modal';

interface ConfirmDialogProps {
  /** The button that opens the dialog, given the function that opens it. */
  renderTrigger: (open: () => void) => ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}

/** A confirmation read as an alert dialog; focus starts on Cancel, and Escape backs out. */
export function ConfirmDialog({ renderTrigger, title, description, confirmLabel, cancelLabel, onConfirm }: ConfirmDialogProps) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {renderTrigger(() => setOpen(true))}
      {open && (
        <Modal labelledBy={`${ids}-title`} describedBy={`${ids}-description`} role="alertdialog" onClose={close} testId="confirm-dialog">
          <h2 id={`${ids}-title`} className="dialog-title">
            {title}
          </h2>
          <p id={`${ids}-description`} className="dialog-description">
            {description}
          </p>
          <div className="actions dialog-actions">
            <button type="button" className="btn btn-secondary" data-autofocus data-testid="confirm-cancel" onClick={close}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              data-testid="confirm-accept"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
