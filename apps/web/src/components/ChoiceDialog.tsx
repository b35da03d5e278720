import { useId } from 'react';
import { Modal } from './Modal';

export interface Choice {
  label: string;
  onChoose: () => void;
  tone?: 'primary' | 'danger' | 'secondary';
  testId?: string;
}

interface ChoiceDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  /** What the user may do instead of backing out, the strongest last. */
  choices: Choice[];
  onCancel: () => void;
  testId?: string;
}

/**
 * A question that interrupts the user, read as an alert dialog, in the page's style (never the browser's
 * `confirm()`): focus starts on Cancel, and Escape or the backdrop backs out.
 */
export function ChoiceDialog({ title, description, cancelLabel, choices, onCancel, testId = 'confirm-dialog' }: ChoiceDialogProps) {
  const ids = useId();
  return (
    <Modal labelledBy={`${ids}-title`} describedBy={`${ids}-description`} role="alertdialog" onClose={onCancel} testId={testId}>
      <h2 id={`${ids}-title`} className="dialog-title">
        {title}
      </h2>
      <p id={`${ids}-description`} className="dialog-description">
        {description}
      </p>
      <div className="actions dialog-actions">
        <button type="button" className="btn btn-secondary" data-autofocus data-testid="confirm-cancel" onClick={onCancel}>
          {cancelLabel}
        </button>
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            className={`btn btn-${choice.tone ?? 'danger'}`}
            data-testid={choice.testId ?? 'confirm-accept'}
            onClick={choice.onChoose}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
