import type { ClientFrame, JoinFrame, ServerFrame, TranscriptFrame } from '@lt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { LiveClient } from '../live-client';
import type { LiveProblem, LiveStatus } from '../live-status';
import type { Outbox } from '../outbox';

export interface LiveConnectionOptions {
  roomId: string;
  enabled: boolean;
  buildJoin: () => JoinFrame;
  onFrame: (frame: ServerFrame) => void;
  outbox?: Outbox;
}

export interface LiveConnection {
  status: LiveStatus;
  problem: LiveProblem | null;
  send: (frame: ClientFrame) => boolean;
  sendTranscript: (frame: TranscriptFrame) => boolean;
  /** Milliseconds to add to Date.now() to read the server's clock; null until measured. */
  clockOffset: () => number | null;
}

export function useLiveConnection({ roomId, enabled, buildJoin, onFrame, outbox }: LiveConnectionOptions): LiveConnection {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [problem, setProblem] = useState<LiveProblem | null>(null);
  const clientRef = useRef<LiveClient | null>(null);
  const buildJoinRef = useLatest(buildJoin);
  const onFrameRef = useLatest(onFrame);

  useEffect(() => {
    if (!enabled) return;
    const client = new LiveClient({
      buildJoin: () => buildJoinRef.current(),
      onFrame: (frame) => onFrameRef.current(frame),
      onStatus: (next, nextProblem) => {
        setStatus(next);
        setProblem(nextProblem);
      },
      outbox,
    });
    clientRef.current = client;
    client.connect();
    return () => {
      clientRef.current = null;
      client.close();
    };
  }, [roomId, enabled, outbox, buildJoinRef, onFrameRef]);

  const send = useCallback((frame: ClientFrame) => clientRef.current?.send(frame) ?? false, []);
  const sendTranscript = useCallback(
    (frame: TranscriptFrame) => {
      if (clientRef.current) return clientRef.current.sendTranscript(frame);
      if (frame.final) outbox?.add(frame);
      return false;
    },
    [outbox],
  );

  const clockOffset = useCallback(() => clientRef.current?.clockOffset ?? null, []);

  return { status, problem, send, sendTranscript, clockOffset };
}
