/** What the fake language model answers, and how it reads a request: deterministic, so a test can tell what was asked. */

export interface RecordedCall {
  model: string;
  stream: boolean;
  temperature?: number;
  max_tokens?: number;
  system: string;
  /** For a translation, the new sentence (between `<sentence>` tags) or question (`<question>`); otherwise the whole user message. */
  user: string;
  /** The whole user message as received (context and sentence of a translation). */
  prompt: string;
  /** The context block of a translation (between `<context>` tags), or null without one. */
  context: string | null;
  /** The target language code the prompt asked for, when it names one. */
  target: string | null;
  /** What the prompt asks for, told by its system message. */
  task: 'translation' | 'summary' | 'enhancement';
  /** The usage this call reports (prompt plus completion tokens), set once it is answered. */
  tokens?: number;
  authorization: string | undefined;
}

/** What the fake answers for a translation request: recognisable, deterministic, per language. */
export function fakeTranslation(target: string | null, text: string, system = ''): string {
  return `(${target ?? '??'}) ${followGlossary(system, text)}`;
}

/** Like a real model, the fake follows the glossary's `Translate "term" as "given".` lines of its system prompt. */
function followGlossary(system: string, text: string): string {
  let out = text;
  for (const [, term, given] of system.matchAll(/^- Translate "(.+)" as "(.+)"\.(?: \(.*\))?$/gm)) {
    out = out.replace(new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), () => given);
  }
  return out;
}

/** What the fake answers for a summary: the language and how many lines it was given. */
export function fakeSummary(lang: string | null, text: string): string {
  return `(${lang ?? '??'}) Summary of ${text.split('\n').filter(Boolean).length} lines`;
}

/** What the fake answers for an enhancement: the text with a capital and a full stop, marked. */
export function fakeEnhancement(text: string): string {
  const trimmed = text.trim();
  const sentence = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return `${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`} [enhanced]`;
}

export function taskOf(system: string): RecordedCall['task'] {
  if (/summari[sz]e/i.test(system)) return 'summary';
  if (/correct live speech-recognition/i.test(system)) return 'enhancement';
  return 'translation';
}

/** Bytes that stand for the MP3 of a text: an ID3 header, then the text, so a test can tell what was read. */
export function fakeMp3(text: string): Buffer {
  return Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000'), Buffer.from(text, 'utf8')]);
}

/** Token counts the fake reports: about four characters a token, as with English text. */
export function fakeUsage(prompt: string, completion: string) {
  const prompt_tokens = Math.ceil(prompt.length / 4);
  const completion_tokens = Math.ceil(completion.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** The text between `<tag>` and `</tag>`, trimmed, or null. */
export function between(text: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(text);
  return match ? match[1].trim() : null;
}
