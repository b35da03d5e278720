import type { ServerFrame } from '@lt/contracts';
import { analyseStore, analyseViewer, formatReport, percentile, type StoredRow } from './report';
import { sentenceId, sentenceNumber, sentenceText } from './chaos-host';

const row = (n: number, seq: number, id = sentenceId(n)): StoredRow => ({ message_id: id, seq, text: sentenceText(n) });
const translation = (seq: number, n = seq, lang = 'fr') =>
  ({
    frame: {
      type: 'translation',
      seq,
      messageId: sentenceId(n),
      lang,
      text: 'x',
      sourceLanguage: 'es',
      timestamp: '',
      speakerId: 'h',
      speakerName: 'H',
    },
  }) as unknown as {
    frame: ServerFrame;
  };

describe('the fault tests count what they see', () => {
  const spoken = [1, 2, 3, 4].map(sentenceId);

  it('passes a store with every sentence once, in spoken order', () => {
    const acks = new Map(spoken.map((id, i) => [id, [i + 1]]));
    const report = analyseStore(spoken, acks, [row(1, 1), row(2, 2), row(3, 3), row(4, 4)], sentenceNumber);
    expect(report).toMatchObject({
      spokenNotStored: [],
      ackedNotStored: [],
      storedTwice: 0,
      seqGaps: [],
      outOfSpokenOrder: [],
      ackSeqMismatch: [],
    });
  });

  it('finds lost, doubled and reordered sentences, gaps and acks naming another seq', () => {
    const acks = new Map([
      [sentenceId(1), [1]],
      [sentenceId(2), [3, 3]],
      [sentenceId(4), [2, 5]],
    ]);
    // 2 and 3 swapped, seq 4 missing, sentence 1 stored again under another id, 4 never stored.
    const rows = [row(1, 1), row(3, 2), row(2, 3), row(1, 5, 'other-id')];
    const report = analyseStore(spoken, acks, rows, sentenceNumber);
    expect(report.spokenNotStored).toEqual([sentenceId(4)]);
    expect(report.ackedNotStored).toEqual([sentenceId(4)]);
    expect(report.storedNotSpoken).toEqual(['other-id']);
    expect(report.storedTwice).toBe(1);
    expect(report.seqGaps).toEqual([4]);
    // Neighbours by seq; a row of an unknown messageId is counted above, not here.
    expect(report.outOfSpokenOrder).toEqual([[3, 2]]);
    expect(report.ackSeqMismatch).toEqual([sentenceId(4)]);
  });

  it('counts duplicates, out-of-order, missing and wrong frames on a viewer wire', () => {
    const rows = [1, 2, 3, 4, 5].map((n) => row(n, n));
    const frames = [translation(1), translation(3), translation(2), translation(3), translation(5, 4), translation(5, 5, 'de')];
    const report = analyseViewer('fr@gateway-1', 'fr', frames, rows, [2], 2);
    expect(report).toMatchObject({ frames: 6, duplicates: 2, outOfOrder: 1, missing: [4], wrong: 2 });
  });

  it('prints a table', () => {
    const store = analyseStore(spoken, new Map(), [], sentenceNumber);
    const text = formatReport({
      schedule: 'test',
      speechS: 1,
      failures: [],
      store,
      host: {
        sockets: 1,
        errors: { 'rate_limited (no messageId)': 2 },
        ackLatency: { p50: 1, p95: 2, max: 3 },
        outboxLeft: 0,
        drainAfterSpeechMs: 0,
      },
      faults: [
        {
          target: 'rooms-svc',
          killedAtS: 5,
          downMs: 20_000,
          firstAnswerAfterKillMs: 10_000,
          restartMs: 900,
          firstAckMs: 100,
          firstTranslationMs: 200,
          backlog: 100,
          outboxEmptyMs: null,
          backlogAckedMs: 4000,
          errors: { unavailable: 3 },
          viewerLagMs: 500,
        },
      ],
      viewers: [analyseViewer('fr@gateway-1', 'fr', [], [], [], 1)],
    });
    expect(text).toContain('rooms-svc');
    expect(text).toContain('rate_limited (no messageId) 2');
    expect(percentile([5, 1, 3], 50)).toBe(3);
  });
});
