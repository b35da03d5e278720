import { useState, type ReactNode } from 'react';
import { ChoiceDialog } from './ChoiceDialog';

interface ConfirmDialogProps {
  /** The button that opens the dialog, given the function that opens it. */
  renderTrigger: (open: () => void) => ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}

/** A button's confirmation read as an alert dialog; focus starts on Cancel, and Escape backs out. */
export function ConfirmDialog({ renderTrigger, title, description, confirmLabel, cancelLabel, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const confirm = () => {
    close();
    onConfirm();
  };
  return (
    <>
      {renderTrigger(() => setOpen(true))}
      {open && (
        <ChoiceDialog
          title={title}
          description={description}
          cancelLabel={cancelLabel}
          choices={[{ label: confirmLabel, onChoose: confirm }]}
          onCancel={close}
        />
      )}
    </>
  );
}
