// The scenarios' pure logic: no k6 import, so that k6-scripts.spec.ts can run it under Node and a wrong
// count or a malformed frame is caught before an SRE spends an hour of load on it.

/** The languages the product serves: a copy of libs/contracts/src/languages.ts (k6 runs no TypeScript), kept equal by k6-scripts.spec.ts. */
export const LANGUAGE_CODES = [
  'es',
  'en',
  'en-IN',
  'fr',
  'de',
  'it',
  'pt',
  'pt-PT',
  'ar',
  'he',
  'fa',
  'ur',
  'zh-Hans',
  'zh-Hant',
  'yue',
  'ja',
  'ko',
  'hi',
  'bn',
  'ta',
  'te',
  'mr',
  'ru',
  'uk',
  'pl',
  'nl',
  'tr',
  'el',
  'sv',
  'da',
  'nb',
  'fi',
  'cs',
  'sk',
  'hu',
  'ro',
  'bg',
  'sr',
  'hr',
  'lt',
  'lv',
  'ca',
  'eu',
  'gl',
  'vi',
  'th',
  'id',
  'ms',
  'fil',
  'sw',
  'cy',
  'ga',
];

/** Refusals of a final transcript that would be refused again (docs/protocol.md): the host drops those. */
export const FINAL_TRANSCRIPT_ERRORS = ['bad_frame', 'forbidden', 'room_not_active', 'invalid_invite'];

/** The gateway's socket rate is 20 frames/s; the web client stays at three quarters of it, so does the host. */
export const MAX_SENTENCES_PER_SECOND = 15;

/** Sentences the host leaves unanswered at most, as the web client's outbox. */
export const MAX_UNANSWERED = 20;

/**
 * Which seqs one viewer received in its language, across its reconnections. Seqs at or below `base` came
 * before the viewer's audience began and are never expected.
 */
export class SeqTracker {
  constructor(base = 0) {
    this.base = base;
    this.seen = new Set();
    this.highest = base;
    this.contiguous = base;
    this.duplicates = 0;
    this.outOfOrder = 0;
    this.gaps = 0;
  }

  /** Records a received seq: 'new', 'again' (received before), or 'before' (at or below the base). */
  record(seq) {
    if (seq <= this.base) return 'before';
    if (this.seen.has(seq)) {
      this.duplicates += 1;
      return 'again';
    }
    if (seq < this.highest) this.outOfOrder += 1;
    else if (seq > this.highest + 1) this.gaps += 1;
    this.seen.add(seq);
    if (seq > this.highest) this.highest = seq;
    while (this.seen.has(this.contiguous + 1)) this.contiguous += 1;
    return 'new';
  }

  /** What a reconnecting viewer sends as `since`: everything up to it has arrived. */
  since() {
    return this.contiguous;
  }

  get received() {
    return this.seen.size;
  }

  has(seq) {
    return this.seen.has(seq);
  }

  /** Seqs in (base, last] never received. */
  missing(last) {
    const out = [];
    for (let seq = this.contiguous + 1; seq <= last; seq++) if (!this.seen.has(seq)) out.push(seq);
    return out;
  }

  /** How many of the seqs in (from, to] were never received. */
  missingIn(from, to) {
    let count = 0;
    for (let seq = Math.max(from, this.base) + 1; seq <= to; seq++) if (!this.seen.has(seq)) count += 1;
    return count;
  }
}

/** A join frame without the fields left undefined (the gateway's schema refuses nulls). */
export function joinFrame(fields) {
  const frame = { type: 'join', roomId: fields.roomId, role: fields.role };
  if (fields.lang !== undefined) frame.lang = fields.lang;
  if (fields.hostKey !== undefined) frame.hostKey = fields.hostKey;
  if (fields.since !== undefined) frame.since = fields.since;
  if (fields.viewerId !== undefined) frame.viewerId = fields.viewerId;
  return frame;
}

export function roomStartFrame(sourceLanguage) {
  return { type: 'room_start', sourceLanguage };
}

/** A final sentence stamped with its send time: viewers measure their caption delay from it. */
export function transcriptFrame(messageId, index, sourceLanguage, now) {
  return {
    type: 'transcript',
    messageId,
    text: sentenceText(index),
    sourceLanguage,
    timestamp: new Date(now).toISOString(),
    confidence: 0.95,
    final: true,
  };
}

export function sentenceText(index) {
  return `Frase número ${index} de la prueba de carga: la sala sigue escuchando al ponente.`;
}

/** Unique per run and per sentence, within the protocol's `[A-Za-z0-9_-]{1,64}`. */
export function messageIdFor(runTag, index) {
  return `${runTag}-${index}`;
}

/**
 * The browser id of the i-th viewer (the join's `viewerId`, the web's `X-Client-Id`), as each browser of a venue
 * has its own (the gateway limits summaries per browser, not per address): within the gateway's `[A-Za-z0-9_-]{8,64}`.
 */
export function clientIdFor(runTag, index) {
  return `${runTag}-asker-${index}`;
}

export function runTagOf(random) {
  return `load-${Math.floor(random() * 0xffffffff).toString(36)}`;
}

/** From the host's send time to the viewer's receipt, on the one clock they share. */
export function captionDelayMs(frame, receivedAt) {
  const sent = Date.parse(frame.timestamp);
  return Number.isFinite(sent) ? receivedAt - sent : null;
}

/** Whether a refused transcript is kept and sent again. */
export function isPassingRefusal(code) {
  return FINAL_TRANSCRIPT_ERRORS.indexOf(code) === -1;
}

/** What `POST /api/rooms/:id/summary` must answer. */
export function isSummaryBody(body) {
  return body !== null && typeof body === 'object' && typeof body.summary === 'string' && Number.isInteger(body.upToSeq);
}

/** `https://host:port/anything` -> `https://host:port`: the Origin header the gateway accepts. */
export function originOf(baseUrl) {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(String(baseUrl).trim());
  if (!match) throw new Error(`BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return `${match[1]}://${match[2]}`.toLowerCase();
}

export function wsUrlOf(baseUrl) {
  return `${originOf(baseUrl).replace(/^http/, 'ws')}/ws`;
}

/** Viewer number `i` reads language `langs[i % langs.length]`: the audience is spread evenly. */
export function viewerLang(i, langs) {
  return langs[i % langs.length];
}

/** The sentences the host speaks in a hold of `minutes` at `rate` a second. */
export function sentenceCount(rate, minutes) {
  return Math.max(1, Math.round(rate * minutes * 60));
}

/**
 * Whether viewer `i` reconnects in minute `minute`: about `percent` of the audience each minute, a different
 * part each time, the same for a given run (no shared state between k6 VUs).
 */
export function churns(i, minute, percent) {
  let h = (Math.imul(i + 1, 2654435761) ^ Math.imul(minute + 1, 40503)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 2246822507) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h % 10000 < percent * 100;
}

function number(env, name, fallback, min, max) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The scenarios' settings from k6's `__ENV` (or any object of strings), checked before a VU starts. */
export function loadConfig(env) {
  if (!env.BASE_URL) throw new Error('BASE_URL is required, e.g. k6 run -e BASE_URL=https://rooms.example.com tests/load/audience-soak.js');
  const baseUrl = originOf(env.BASE_URL);
  const sourceLanguage = env.SOURCE_LANG || 'es';
  if (LANGUAGE_CODES.indexOf(sourceLanguage) === -1) throw new Error(`SOURCE_LANG must be one of ${LANGUAGE_CODES.join(', ')}`);
  const langs = (env.LANGS || 'fr,de,it')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const lang of langs) {
    if (LANGUAGE_CODES.indexOf(lang) === -1) throw new Error(`LANGS: "${lang}" is not one of ${LANGUAGE_CODES.join(', ')}`);
    if (lang === sourceLanguage) throw new Error(`LANGS: "${lang}" is the host's language; viewers of it get no translation`);
  }
  if (langs.length === 0) throw new Error('LANGS must name at least one language');
  const viewers = number(env, 'VIEWERS', 200, 1, 1000000);
  return {
    baseUrl,
    origin: baseUrl,
    wsUrl: wsUrlOf(baseUrl),
    viewers,
    langs,
    sourceLanguage,
    minutes: number(env, 'MINUTES', 5, 0.1, 24 * 60),
    rate: number(env, 'RATE', 2, 0.1, MAX_SENTENCES_PER_SECOND),
    rampSeconds: number(env, 'RAMP_SECONDS', 60, 0, 3600),
    drainSeconds: number(env, 'DRAIN_SECONDS', 20, 5, 600),
    churnPercent: number(env, 'CHURN_PERCENT', 15, 0, 100),
    storms: number(env, 'STORMS', 3, 1, 100),
    stormClients: number(env, 'STORM_CLIENTS', viewers, 1, 1000000),
  };
}

/**
 * When each part of a run happens (ms since the epoch), from `t0`, the end of setup: viewers join during the
 * ramp, the host starts speaking 5 s after it, speaks for the hold, and viewers wait `drain` for the last
 * captions before counting what they missed.
 */
export function timeline(config, t0) {
  const speakAt = t0 + config.rampSeconds * 1000 + 5000;
  const holdMs = config.minutes * 60000;
  const speakEnd = speakAt + holdMs;
  const storms = [];
  for (let k = 1; k <= config.storms; k++) storms.push(Math.round(speakAt + (k * holdMs) / (config.storms + 1)));
  const churnAt = [];
  for (let m = 0; m < Math.ceil(config.minutes); m++) {
    const at = speakAt + m * 60000 + 30000;
    if (at < speakEnd) churnAt.push(at);
  }
  return {
    t0,
    speakAt,
    speakEnd,
    endAt: speakEnd + config.drainSeconds * 1000,
    sentences: sentenceCount(config.rate, config.minutes),
    storms,
    churnAt,
  };
}

/** When viewer `i` of `viewers` opens its socket: spread evenly over the ramp. */
export function joinAt(tl, config, i) {
  return tl.t0 + Math.floor((i * config.rampSeconds * 1000) / Math.max(1, config.viewers));
}

/** The k6 run's length bound for each scenario: long enough for the timeline, never forever. */
export function maxDurationSeconds(config) {
  return Math.ceil(config.rampSeconds + 5 + config.minutes * 60 + config.drainSeconds + 60);
}

/**
 * The host's outbox: sentences stay until acked; a passing refusal sends them again from the oldest, as the
 * web client does, so seq order stays spoken order.
 */
export class Outbox {
  constructor() {
    this.pending = new Map();
    this.acked = 0;
    this.dropped = 0;
    this.resent = 0;
    this.lastSeq = 0;
  }

  add(frame, now) {
    this.pending.set(frame.messageId, { frame, sentAt: now, lastSentAt: now });
  }

  /** The ack of a pending sentence: its ack time in ms, or null for an ack of nothing pending. */
  ack(messageId, seq, now) {
    const entry = this.pending.get(messageId);
    if (!entry) return null;
    this.pending.delete(messageId);
    this.acked += 1;
    if (seq > this.lastSeq) this.lastSeq = seq;
    return now - entry.sentAt;
  }

  /** An error frame about a sentence: 'drop' (refused for good), 'retry' or null (not about a pending one). */
  refuse(messageId, code) {
    if (!this.pending.has(messageId)) return null;
    if (isPassingRefusal(code)) return 'retry';
    this.pending.delete(messageId);
    this.dropped += 1;
    return 'drop';
  }

  /** The pending sentences, oldest first, to send again. */
  resendAll(now) {
    const frames = [];
    this.pending.forEach((entry) => {
      entry.lastSentAt = now;
      frames.push(entry.frame);
    });
    this.resent += frames.length;
    return frames;
  }

  /** Whether a sentence has waited `ms` without an answer since it was last sent. */
  stale(now, ms) {
    let stale = false;
    this.pending.forEach((entry) => {
      if (now - entry.lastSentAt >= ms) stale = true;
    });
    return stale;
  }

  get size() {
    return this.pending.size;
  }
}
