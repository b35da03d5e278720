import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import type { RawData, WebSocket } from 'ws';
import { AUDIO_PATH, CLOSE_CODES, audioStartFrameSchema } from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { AccessTokens } from '../auth/access-tokens';
import { AudioAdmission } from './audio-admission';
import { AudioLink } from './audio-link';

/** An audio socket must say who it is within this time. */
const START_WITHIN_MS = 10_000;

interface AudioSocketState {
  link?: AudioLink;
  starting?: boolean;
  deadline: NodeJS.Timeout;
}

/**
 * `/ws/audio` (docs/audio.md): a host's or speaker's page streams PCM for recognition on the server. The first
 * frame (`audio_start`) authenticates it as a `join` would; then binary chunks go to asr-svc over the bus.
 */
@WebSocketGateway({ path: AUDIO_PATH })
export class AudioGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('AudioGateway');
  private readonly sockets = new Map<WebSocket, AudioSocketState>();
  private readonly admission: AudioAdmission;

  constructor(
    private readonly bus: Bus,
    tokens: AccessTokens,
  ) {
    this.admission = new AudioAdmission(bus, tokens);
  }

  handleConnection(ws: WebSocket): void {
    const state: AudioSocketState = {
      deadline: setTimeout(() => ws.close(CLOSE_CODES.policyViolation, 'No audio_start'), START_WITHIN_MS),
    };
    this.sockets.set(ws, state);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (state.link) return state.link.onMessage(data, isBinary);
      if (state.starting) return;
      state.starting = true;
      void this.start(ws, state, data, isBinary).finally(() => (state.starting = false));
    });
  }

  handleDisconnect(ws: WebSocket): void {
    const state = this.sockets.get(ws);
    if (!state) return;
    clearTimeout(state.deadline);
    state.link?.close();
    this.sockets.delete(ws);
  }

  private async start(ws: WebSocket, state: AudioSocketState, data: RawData, isBinary: boolean): Promise<void> {
    const fail = (code: string, message: string) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'error', code, message }));
      ws.close(CLOSE_CODES.policyViolation, message.slice(0, 100));
    };
    let json: unknown;
    try {
      json = isBinary ? null : JSON.parse(String(data));
    } catch {
      json = null;
    }
    const frame = audioStartFrameSchema.safeParse(json);
    if (!frame.success) return fail('bad_frame', 'The first frame must be audio_start');
    try {
      const stream = await this.admission.admit(frame.data);
      if (ws.readyState !== ws.OPEN) return;
      const link = new AudioLink(this.bus, ws, stream);
      await link.start(frame.data.resumeFrom);
      clearTimeout(state.deadline);
      if (ws.readyState !== ws.OPEN) return link.close();
      state.link = link;
    } catch (error) {
      if (error instanceof DomainException) return fail(error.code, error.message);
      this.logger.warn(`an audio stream was not opened: ${(error as Error).message}`);
      fail('unavailable', 'Speech recognition on the server is unavailable');
    }
  }
}
