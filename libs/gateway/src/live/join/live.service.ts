import { Injectable } from '@nestjs/common';
import {
  FAST_CAPTIONS_SUBJECTS,
  FINAL_TRANSCRIPT_ERRORS,
  LIVE_SUBJECTS,
  LiveErrorCode,
  ROOMS_SUBJECTS,
  SPEAKERS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  TTS_SUBJECTS,
  ASR_SUBJECTS,
  type AsrStatus,
  type JoinFrame,
  type LanguageCode,
  type RoomResponse,
  type RoomStartFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import { Bus, clientTraceContext, DomainException, inSpan, productMetrics, SpanKind, type Span } from '@lt/platform';
import { AccessTokens, type Caller } from '../../auth/access-tokens';
import { liveCodeOf } from '../../errors/error-map';
import { transcriptFrame } from '../rooms/frames';
import { JoinBatches } from './join-batches';
import { LiveRooms } from '../rooms/live-rooms';
import type { LiveSocket } from '../connection/live-socket';
import { QuotaState } from './quota-state';
import { ServiceAnswers } from './service-answers';
import { SpeakerPresence } from '../presence/speaker-presence';
import { ViewerHistory } from './viewer-history';

/** Whether a service has its provider is asked at most this often, not on every join. */
const PROVIDER_STATUS_TTL_MS = 60_000;
/** Sentences a host or speaker gets on joining (a reloaded page shows its log again). */
const SPEAKER_HISTORY = 200;
/** A sentence not stored within this time is refused as unavailable; the sender sends it again. */
const APPEND_TIMEOUT_MS = 5_000;

/** What admitting a socket learns: the room, its latest seq, and for a speaker the invite it holds. */
interface Admission {
  room: Pick<RoomResponse, 'name' | 'status' | 'source_language'> &
    Partial<Pick<RoomResponse, 'owner_id' | 'fast_captions' | 'questions_enabled'>>;
  lastSeq: number;
  speaker?: { id: string; name: string };
}

/** What each client frame does, for the socket that sent it; validation happened before (LiveWsAdapter). */
@Injectable()
export class LiveService {
  /** What the services answer of themselves (one key each); see ServiceAnswers for an unanswered question. */
  private readonly providers = new ServiceAnswers<boolean>('whether a provider is configured', { ttlMs: PROVIDER_STATUS_TTL_MS, max: 2 });
  private readonly recognition = new ServiceAnswers<AsrStatus>('whether speech is recognised on the server', {
    ttlMs: PROVIDER_STATUS_TTL_MS,
    max: 1,
  });
  /** A crowd of viewers joining at once asks for the room once a batch. */
  private readonly viewing = new JoinBatches<Admission>();
  private readonly history: ViewerHistory;

  constructor(
    private readonly bus: Bus,
    private readonly rooms: LiveRooms,
    private readonly quota: QuotaState,
    private readonly tokens: AccessTokens,
    private readonly presence: SpeakerPresence,
  ) {
    this.history = new ViewerHistory(bus);
  }

  async join(socket: LiveSocket, frame: JoinFrame): Promise<void> {
    if (socket.roomId) return socket.error(LiveErrorCode.AlreadyJoined, 'This connection has already joined a room');
    const caller = frame.accessToken ? await this.tokens.verify(frame.accessToken).catch(() => null) : null;
    const state = await this.admit(socket, frame, caller);
    if (!state) return;
    socket.userId = caller?.userId ?? null;
    socket.sessionId = caller?.sessionId ?? null;
    const suffix = crypto.randomUUID().slice(0, 8);
    socket.roomId = frame.roomId;
    socket.role = frame.role;
    const sockets = productMetrics().sockets;
    sockets.add(-1, { role: 'pending' });
    sockets.add(1, { role: frame.role });
    socket.clientId = `${frame.role}-${suffix}`;
    socket.speakerId = state.speaker?.id ?? socket.clientId;
    socket.viewerId = frame.role === 'viewer' ? (frame.viewerId ?? '') : '';
    socket.speakerName = state.speaker?.name ?? (frame.role === 'host' ? 'Host' : '');
    socket.lang = frame.role === 'viewer' ? (frame.lang ?? null) : null;
    if (socket.lang) socket.hold();
    this.rooms.add(socket, state.lastSeq);
    const [llmConfigured, ttsAvailable, quotaExhausted, asr] = await Promise.all([
      this.providers.get('translate', async () => (await this.bus.request(TRANSLATE_SUBJECTS.status, {})).llmConfigured),
      this.providers.get('tts', async () => (await this.bus.request(TTS_SUBJECTS.status, {})).providerConfigured),
      this.quota.exhausted(frame.roomId, state.room.owner_id ?? null),
      frame.role === 'viewer'
        ? undefined
        : this.recognition.get('asr', () => this.bus.request(ASR_SUBJECTS.status, {}, { timeoutMs: 2_000 })),
    ]);
    socket.send({
      type: 'joined',
      roomId: frame.roomId,
      role: frame.role,
      clientId: socket.clientId,
      room: { name: state.room.name, status: state.room.status, sourceLanguage: state.room.source_language },
      seq: state.lastSeq,
      ...(state.speaker ? { speakerId: state.speaker.id, speakerName: state.speaker.name } : {}),
      ...(llmConfigured === false ? { translationUnavailable: true } : {}),
      ...(ttsAvailable === undefined ? {} : { ttsAvailable }),
      ...(quotaExhausted ? { quotaExhausted } : {}),
      ...(asr?.provider ? { serverRecognition: { provider: asr.provider, sampleRate: asr.sampleRate } } : {}),
      ...(frame.role === 'host'
        ? { fastCaptions: state.room.fast_captions !== false }
        : { hostConnected: this.rooms.hostConnected(frame.roomId) }),
      ...(state.room.questions_enabled ? { questionsEnabled: true } : {}),
    });
    if (frame.role === 'host') void this.sendInterimUsage(socket, frame.roomId);
    if (state.speaker) this.presence.joined(socket);
    if (socket.lang) await this.history.send(socket, socket.lang, frame.since, true);
    if (frame.role !== 'viewer') await this.sendSentences(socket, frame.roomId);
  }

  /** What interim translation has cost the room so far; the host's page counts on from it with each update. */
  private async sendInterimUsage(socket: LiveSocket, roomId: string): Promise<void> {
    const usage = await this.bus.request(FAST_CAPTIONS_SUBJECTS.usageOf, { roomId }).catch(() => null);
    if (usage) socket.send({ type: 'interim_usage', ...usage });
  }

  /** The host turns Fast captions on or off; every host page of the room hears it from the room's event. */
  async setRoomSettings(socket: LiveSocket, fastCaptions: boolean): Promise<void> {
    const roomId = requireJoined(socket);
    if (socket.role !== 'host') return socket.error(LiveErrorCode.Forbidden, "Only the host can change the room's settings");
    await this.bus.request(FAST_CAPTIONS_SUBJECTS.setSettings, { roomId, fastCaptions });
  }

  /** A host's or speaker's log: the room's latest stored sentences, oldest first, as `transcript` frames. */
  private async sendSentences(socket: LiveSocket, roomId: string): Promise<void> {
    const sentences = await this.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, limit: SPEAKER_HISTORY });
    for (const t of sentences) socket.send(transcriptFrame(t));
  }

  async transcript(socket: LiveSocket, frame: TranscriptFrame): Promise<void> {
    const roomId = requireJoined(socket);
    if (socket.role === 'viewer') {
      return socket.error(LiveErrorCode.Forbidden, 'Viewers cannot send transcripts', frame.messageId);
    }
    if (!frame.final) {
      return this.bus.emitToRoom(
        LIVE_SUBJECTS.interim,
        { roomId },
        {
          type: 'interim',
          roomId,
          messageId: frame.messageId,
          text: frame.text,
          sourceLanguage: frame.sourceLanguage,
          timestamp: frame.timestamp,
          speakerId: socket.speakerId,
          speakerName: socket.speakerName,
        },
      );
    }
    // One spoken sentence is one trace, from here to the viewers' frames (continuing the client's, if it sent one).
    return inSpan(
      'ws transcript',
      {
        kind: SpanKind.SERVER,
        parent: clientTraceContext(frame.traceparent, frame.tracestate),
        attributes: { 'lt.room_id': roomId, 'lt.message_id': frame.messageId, 'lt.role': socket.role ?? '' },
      },
      (span) => this.store(socket, roomId, frame, span),
    );
  }

  private async store(socket: LiveSocket, roomId: string, frame: TranscriptFrame, span: Span): Promise<void> {
    if (socket.transcriptBlocked(frame.messageId)) {
      return socket.error(LiveErrorCode.Unavailable, 'An earlier sentence is not stored yet: send it again first', frame.messageId);
    }
    try {
      const { seq } = await this.bus.request(
        ROOMS_SUBJECTS.appendTranscript,
        {
          roomId,
          messageId: frame.messageId,
          text: frame.text,
          sourceLanguage: frame.sourceLanguage,
          timestamp: frame.timestamp,
          confidence: frame.confidence,
          speakerId: socket.speakerId,
          speakerName: socket.speakerName,
          ...(socket.role === 'speaker' ? { invitedSpeaker: true } : {}),
          ...(frame.enhance ? { enhance: true } : {}),
        },
        { timeoutMs: APPEND_TIMEOUT_MS },
      );
      span.setAttribute('lt.seq', seq);
      socket.send({ type: 'ack', messageId: frame.messageId, seq });
    } catch (error) {
      // The sender keeps a sentence refused for a passing reason and sends it again: until it does, the
      // sentences after it are refused too, so that none of them is stored before it.
      const code = error instanceof DomainException ? liveCodeOf(error.code) : LiveErrorCode.Internal;
      if (!FINAL_TRANSCRIPT_ERRORS.has(code)) socket.blockTranscriptsAfter(frame.messageId);
      throw error;
    }
  }

  async setStatus(socket: LiveSocket, frame: RoomStartFrame | { type: 'room_end' }): Promise<void> {
    const roomId = requireJoined(socket);
    if (socket.role !== 'host') return socket.error(LiveErrorCode.Forbidden, 'Only the host can start or end the room');
    await this.bus.request(ROOMS_SUBJECTS.setStatus, {
      roomId,
      status: frame.type === 'room_start' ? 'active' : 'ended',
      sourceLanguage: frame.type === 'room_start' ? frame.sourceLanguage : undefined,
    });
  }

  async setLanguage(socket: LiveSocket, lang: LanguageCode): Promise<void> {
    requireJoined(socket);
    if (socket.role !== 'viewer') return socket.error(LiveErrorCode.Forbidden, 'Only viewers choose a language');
    socket.hold();
    this.rooms.setViewerLanguage(socket, lang);
    await this.history.send(socket, lang);
  }

  async resync(socket: LiveSocket, since: number): Promise<void> {
    requireJoined(socket);
    if (socket.role !== 'viewer' || !socket.lang) return socket.error(LiveErrorCode.LanguageRequired, 'Please select a language first');
    socket.hold();
    await this.history.send(socket, socket.lang, since);
  }

  /**
   * Hosting needs the room's host key, or the session of the room's owner (rooms-svc decides whose room it
   * is); speaking needs an invite token of this room; viewing needs only the room id, and a viewer never hosts
   * whatever it sends.
   */
  private async admit(socket: LiveSocket, frame: JoinFrame, caller: Caller | null): Promise<Admission | null> {
    switch (frame.role) {
      case 'host':
        if (frame.hostKey) return this.bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId: frame.roomId, hostKey: frame.hostKey });
        if (caller) return this.bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId: frame.roomId, userId: caller.userId });
        socket.error(LiveErrorCode.InvalidHostKey, "A host key, or the room owner's session, is required to host this room");
        return null;
      case 'viewer':
        return this.viewing.get(frame.roomId, () => this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId: frame.roomId }));
      case 'speaker':
        // The token opens only the room it was made for; rooms-svc answers invalid_invite for any other.
        if (frame.inviteToken)
          return this.bus.request(SPEAKERS_SUBJECTS.authorize, { roomId: frame.roomId, token: frame.inviteToken, lang: frame.lang });
        socket.error(LiveErrorCode.InvalidInvite, 'Invalid invite token');
        return null;
    }
  }
}

export function requireJoined(socket: LiveSocket): string {
  if (!socket.roomId) throw new DomainException(LiveErrorCode.NotJoined, 'No room ID - please join a room first');
  return socket.roomId;
}
