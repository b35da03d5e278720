import type { LanguageCode, TranslationFrame, TranslationRevisedFrame } from '@lt/contracts';
import { applyRevision } from './translation-revision';

export interface FeedUpdate {
  added: boolean;
  /** Set when this frame revealed a gap the server has not been asked to fill yet. */
  resyncSince?: number;
}

/** Messages kept on screen at most; older ones leave the list first. */
export const FEED_LIMIT = 500;

/**
 * The viewer's translations of one language, as plain data: never one seq twice, always in seq order,
 * with the highest seq up to which nothing is missing (what a reconnect asks for with `since`).
 */
export interface FeedState {
  readonly lang: LanguageCode | null;
  readonly messages: readonly TranslationFrame[];
  /** undefined until the first frame: what came before it is history this page was not sent. */
  readonly contiguous: number | undefined;
  /** The `since` values already asked for, so one gap is asked for once. */
  readonly requested: readonly number[];
}

export function emptyFeed(lang: LanguageCode | null): FeedState {
  return { lang, messages: [], contiguous: undefined, requested: [] };
}

function insertBySeq(messages: readonly TranslationFrame[], frame: TranslationFrame): TranslationFrame[] {
  const index = messages.findIndex((other) => other.seq > frame.seq);
  return index === -1 ? [...messages, frame] : [...messages.slice(0, index), frame, ...messages.slice(index)];
}

function advance(messages: readonly TranslationFrame[], from: number): number {
  const seqs = new Set(messages.map((m) => m.seq));
  let contiguous = from;
  while (seqs.has(contiguous + 1)) contiguous += 1;
  return contiguous;
}

/** The feed with `frame` in it (or the same feed when it does not belong there), and whether a gap must be asked for. */
export function acceptTranslation(feed: FeedState, frame: TranslationFrame): FeedUpdate & { feed: FeedState } {
  if (!feed.lang || frame.lang !== feed.lang || feed.messages.some((m) => m.seq === frame.seq)) return { feed, added: false };
  if (!Number.isInteger(frame.seq) || frame.seq < 1) return { feed, added: false };

  const all = insertBySeq(feed.messages, frame);
  // The first frame after a join or a language change is where this list starts.
  const contiguous = advance(all, feed.contiguous ?? frame.seq - 1);
  const messages = all.length > FEED_LIMIT ? all.slice(all.length - FEED_LIMIT) : all;
  if (frame.seq > contiguous + 1 && !feed.requested.includes(contiguous)) {
    return { feed: { ...feed, messages, contiguous, requested: [...feed.requested, contiguous] }, added: true, resyncSince: contiguous };
  }
  return { feed: { ...feed, messages, contiguous }, added: true };
}

/** The feed with one line translated again, in place; the same feed when it holds no such line. */
export function reviseTranslation(feed: FeedState, frame: TranslationRevisedFrame): FeedState {
  const messages = applyRevision(feed.messages, frame);
  return messages === feed.messages ? feed : { ...feed, messages };
}

/** The same feed as an object that changes in place. */
export class TranslationFeed {
  private state: FeedState;

  constructor(lang: LanguageCode | null) {
    this.state = emptyFeed(lang);
  }

  get lang(): LanguageCode | null {
    return this.state.lang;
  }

  get lastContiguous(): number | undefined {
    return this.state.contiguous;
  }

  get highestSeq(): number | undefined {
    return this.state.messages.at(-1)?.seq;
  }

  get messages(): readonly TranslationFrame[] {
    return this.state.messages;
  }

  reset(lang: LanguageCode | null): void {
    this.state = emptyFeed(lang);
  }

  accept(frame: TranslationFrame): FeedUpdate {
    const { feed, ...update } = acceptTranslation(this.state, frame);
    this.state = feed;
    return update;
  }
}
