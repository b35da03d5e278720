import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { REALTIME, SPEAKERS_SUBJECTS } from '@lt/contracts';
import { Bus } from '@lt/platform';
import type { LiveSocket } from '../connection/live-socket';

/** A speaker's arrival is announced a second after it joined. */
export const SPEAKER_JOINED_DELAY_MS = 1_000;

/**
 * Tells a room when a speaker's socket comes and goes, through a room event so that every gateway's sockets
 * hear it. A socket gone before its arrival was announced is never announced, nor its departure. While it
 * stays, its arrival is repeated (a heartbeat) with a TTL, so that the other gateways let it go if this one dies.
 */
@Injectable()
export class SpeakerPresence implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SpeakerPresence');
  private readonly pending = new Map<LiveSocket, NodeJS.Timeout>();
  private readonly announced = new Set<LiveSocket>();

  private heartbeat?: NodeJS.Timeout;

  constructor(private readonly bus: Bus) {}

  onModuleInit(): void {
    this.heartbeat = setInterval(() => {
      for (const socket of this.announced) this.publish(socket, 'speaker_joined', true);
    }, REALTIME.presenceHeartbeatMs);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
  }

  joined(socket: LiveSocket): void {
    const timer = setTimeout(() => {
      this.pending.delete(socket);
      this.announced.add(socket);
      this.publish(socket, 'speaker_joined');
    }, SPEAKER_JOINED_DELAY_MS);
    timer.unref();
    this.pending.set(socket, timer);
  }

  /** The socket closed: the room hears it left, and the speaker is no longer active (it may come back). */
  left(socket: LiveSocket): void {
    if (socket.role !== 'speaker' || !socket.roomId) return;
    const timer = this.pending.get(socket);
    if (timer) {
      clearTimeout(timer);
      this.pending.delete(socket);
    } else if (this.announced.delete(socket)) {
      this.publish(socket, 'speaker_left');
    }
    const roomId = socket.roomId;
    this.bus
      .request(SPEAKERS_SUBJECTS.leave, { roomId, speakerId: socket.speakerId })
      .catch((e) => this.logger.warn(`speaker ${socket.speakerId} of room ${roomId} not marked inactive: ${(e as Error).message}`));
  }

  private publish(socket: LiveSocket, type: 'speaker_joined' | 'speaker_left', heartbeat = false): void {
    const roomId = socket.roomId as string;
    this.bus.emitToRoom(
      SPEAKERS_SUBJECTS.presence,
      { roomId },
      {
        type,
        roomId,
        messageId: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        speakerId: socket.speakerId,
        speakerName: socket.speakerName,
        ...(type === 'speaker_joined' ? { ttlMs: REALTIME.presenceTtlMs } : {}),
        ...(heartbeat ? { heartbeat } : {}),
      },
    );
  }
}
