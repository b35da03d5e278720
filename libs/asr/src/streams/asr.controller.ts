import { Controller, Logger } from '@nestjs/common';
import {
  ASR_SUBJECTS,
  GLOSSARY_SUBJECTS,
  asrStreamSubjects,
  eventRoute,
  audioOutSchema,
  parseAudioIn,
  type AsrStatus,
  type AudioOpenResponse,
  type BusPayload,
  type ServiceHealth,
  type Vocabulary,
} from '@lt/contracts';
import { Bus, OnEvent, OnRequest, type Unsubscribe } from '@lt/platform';
import { AudioStreams } from './audio-streams';
import { LeaseRepository } from './lease.repository';

/**
 * asr-svc on the bus: whether it recognises, and the gateways' audio streams. A stream's chunks travel on a
 * subject of their own (`asr.stream.<id>.in`), listened to by the replica holding it only; its acks and state
 * go back on `asr.stream.<id>.out`.
 */
@Controller()
export class AsrController {
  private readonly logger = new Logger('AsrController');
  private readonly links = new Map<string, Unsubscribe>();

  constructor(
    private readonly bus: Bus,
    private readonly streams: AudioStreams,
    private readonly leases: LeaseRepository,
  ) {
    streams.onEnded((streamId) => {
      this.links.get(streamId)?.();
      this.links.delete(streamId);
    });
  }

  @OnRequest(ASR_SUBJECTS.status)
  status(): AsrStatus {
    const provider = this.streams.provider;
    return { provider: provider?.name ?? null, sampleRate: provider?.sampleRate ?? 16_000 };
  }

  @OnRequest(ASR_SUBJECTS.health)
  health(): Promise<ServiceHealth> {
    return this.leases.health();
  }

  @OnRequest(ASR_SUBJECTS.vocabulary)
  vocabulary(request: BusPayload<typeof ASR_SUBJECTS.vocabulary>): Promise<Vocabulary> {
    return this.streams.vocabulary(request.roomId);
  }

  /** Every replica keeps its own cache of vocabularies: no queue group. */
  @OnEvent(GLOSSARY_SUBJECTS.changed)
  glossaryChanged(event: BusPayload<typeof GLOSSARY_SUBJECTS.changed>): void {
    this.streams.forgetVocabulary(event.roomId);
  }

  @OnRequest(ASR_SUBJECTS.open)
  async open(request: BusPayload<typeof ASR_SUBJECTS.open>): Promise<AudioOpenResponse> {
    const { resumeFrom, ...stream } = request;
    const subjects = asrStreamSubjects(stream.streamId);
    const outRoute = eventRoute(subjects.out, audioOutSchema);
    const opened = await this.streams.openWith(stream, (message) => this.bus.emit(outRoute, message));
    if (opened.held && !this.links.has(stream.streamId)) {
      this.links.set(
        stream.streamId,
        this.bus.subscribeBytes(subjects.in, (data) => {
          const message = parseAudioIn(data, stream.sampleRate);
          if (!message) return this.logger.warn(`dropped an invalid audio message of stream ${stream.streamId}`);
          if (message.type === 'stop') return void this.streams.stop(stream.streamId);
          const { seq, atMs, pcm } = message.chunk;
          // A copy: the stream keeps the audio for a replay, and a transport may reuse the message's memory.
          this.streams.push(stream.streamId, seq, atMs, Buffer.from(pcm));
        }),
      );
    }
    // A page resuming after the holder's last ack sends from where it still has audio; older chunks are dropped.
    const nextSeq = opened.held ? opened.nextSeq : Math.max(opened.nextSeq, resumeFrom ?? 0);
    return { nextSeq, sampleRate: opened.sampleRate, committedSeq: opened.committedSeq };
  }
}
