import type { TranslationFrame, TranslationRevisedFrame } from '@lt/contracts';

/**
 * The viewer's lines with one line translated again (the host revised the last lines with a new glossary):
 * the line of that seq, language and message takes the new text, in place, and loses any fallback mark (a
 * revision is the language model's). The same array when the viewer has no such line or already reads that text.
 */
export function applyRevision(lines: readonly TranslationFrame[], revised: TranslationRevisedFrame): readonly TranslationFrame[] {
  const index = lines.findIndex((line) => line.seq === revised.seq && line.lang === revised.lang && line.messageId === revised.messageId);
  if (index < 0) return lines;
  const { fallback, ...line } = lines[index];
  if (line.text === revised.text && fallback === undefined) return lines;
  const next = [...lines];
  next[index] = { ...line, text: revised.text };
  return next;
}
