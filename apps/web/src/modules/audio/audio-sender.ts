import { encodeAudioChunk, parseAudioServerFrame, type AudioServerFrame, type AudioStartMessage } from '@lt/contracts';
import {
  DEFAULT_LIMITS,
  initialStreamState,
  streamReducer,
  type StreamCommand,
  type StreamEvent,
  type StreamLimits,
  type StreamState,
} from './audio-stream-state';

/** The part of the browser WebSocket the sender needs, so tests can hand it a fake. */
export interface AudioSocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  binaryType: string;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  send(data: string | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
}

export type AudioCredentials = Pick<AudioStartMessage, 'role' | 'hostKey' | 'accessToken' | 'inviteToken'>;

export interface AudioSenderOptions {
  roomId: string;
  sourceLanguage: string;
  sampleRate: number;
  /** Read at each (re)connection: an access token may have been refreshed meanwhile. */
  credentials: () => AudioCredentials;
  onChange: (state: StreamState) => void;
  createSocket?: (url: string) => AudioSocketLike;
  url?: string;
  newStreamId?: () => string;
  limits?: StreamLimits;
  /** How often held audio is offered to the socket again while its buffer drains. */
  drainMs?: number;
}

export function audioSocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/ws/audio`;
}

/** A uuid; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function randomStreamId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const OPEN = 1;

/** Runs the stream's state machine against a real (or fake) socket and timers. */
export class AudioSender {
  private state: StreamState = initialStreamState();
  private socket: AudioSocketLike | null = null;
  private streamId: string;
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private drainTimer: ReturnType<typeof setInterval> | undefined;
  private readonly limits: StreamLimits;

  constructor(private readonly options: AudioSenderOptions) {
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.streamId = this.newStreamId();
  }

  get current(): StreamState {
    return this.state;
  }

  start(): void {
    this.run({ kind: 'connect' });
    this.drainTimer = setInterval(() => this.dispatch({ type: 'drain', buffered: this.buffered() }), this.options.drainMs ?? 100);
  }

  push(pcm: Int16Array, atMs: number): void {
    this.dispatch({ type: 'captured', pcm, atMs, buffered: this.buffered() });
  }

  stop(): void {
    this.dispatch({ type: 'stop' });
    clearInterval(this.drainTimer);
    clearTimeout(this.retryTimer);
  }

  private newStreamId(): string {
    return (this.options.newStreamId ?? randomStreamId)();
  }

  private buffered(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  private dispatch(event: StreamEvent): void {
    const before = this.state;
    const { state, commands } = streamReducer(this.state, event, this.limits);
    this.state = state;
    if (state.generation !== this.generation) {
      this.generation = state.generation;
      this.streamId = this.newStreamId();
    }
    for (const command of commands) this.run(command);
    if (state !== before) this.options.onChange(state);
  }

  private run(command: StreamCommand): void {
    switch (command.kind) {
      case 'connect':
        this.connect();
        break;
      case 'start':
        this.sendText({
          type: 'audio_start',
          roomId: this.options.roomId,
          ...this.options.credentials(),
          streamId: this.streamId,
          sourceLanguage: this.options.sourceLanguage,
          sampleRate: this.options.sampleRate,
          ...(command.resumeFrom !== undefined ? { resumeFrom: command.resumeFrom } : {}),
        } satisfies AudioStartMessage);
        break;
      case 'send':
        for (const chunk of command.chunks) if (this.socket?.readyState === OPEN) this.socket.send(encodeAudioChunk(chunk));
        break;
      case 'reconnect':
        this.detach();
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.dispatch({ type: 'retry' }), command.delayMs * (0.8 + Math.random() * 0.4));
        break;
      case 'close':
        this.detach()?.close(1000, 'new stream');
        break;
      case 'stop':
        this.sendText({ type: 'audio_stop' });
        this.detach()?.close(1000, 'stopped');
        break;
    }
  }

  private sendText(frame: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  /** Forgets the current socket: nothing it says afterwards reaches the state machine. */
  private detach(): AudioSocketLike | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    return socket;
  }

  private connect(): void {
    this.detach()?.close();
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as AudioSocketLike);
    let socket: AudioSocketLike;
    try {
      socket = create(this.options.url ?? audioSocketUrl());
    } catch {
      this.dispatch({ type: 'closed' });
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => this.dispatch({ type: 'opened' });
    socket.onclose = () => this.dispatch({ type: 'closed' });
    socket.onerror = () => undefined; // a close follows
    socket.onmessage = (event) => {
      const frame = parseAudioServerFrame(event.data);
      if (frame) this.dispatch(this.toEvent(frame));
    };
  }

  private toEvent(frame: AudioServerFrame): StreamEvent {
    switch (frame.type) {
      case 'audio_ready':
        return { type: 'ready', nextSeq: frame.nextSeq, buffered: this.buffered() };
      case 'audio_ack':
        return { type: 'ack', seq: frame.seq };
      case 'audio_gap':
        return { type: 'gap', expected: frame.expected, buffered: this.buffered() };
      case 'audio_status':
        return { type: 'status', state: frame.state, ...(frame.message ? { message: frame.message } : {}) };
      case 'error':
        return { type: 'error', code: frame.code, message: frame.message };
    }
  }
}
