import { useCopy } from '../lib/useCopy';

/** Copies a value to the clipboard and says so for a moment; a refused clipboard is only logged. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  testId,
  ariaLabel,
  className = 'btn btn-secondary',
}: {
  value: string;
  label: string;
  copiedLabel: string;
  testId: string;
  ariaLabel?: string;
  className?: string;
}) {
  const { copied, copy } = useCopy(value);

  return (
    <button type="button" className={className} data-testid={testId} aria-label={ariaLabel} onClick={copy}>
      {copied ? copiedLabel : label}
    </button>
  );
}
