import { ASR_SUBJECTS, LiveErrorCode, ROOMS_SUBJECTS, SPEAKERS_SUBJECTS, type AudioStartFrame, type AudioStream } from '@lt/contracts';
import { DomainException, type Bus } from '@lt/platform';
import type { AccessTokens } from '../auth/access-tokens';

/**
 * Who may stream audio: the same rules as `join` for a host (host key, or the owner's session) and a speaker
 * (its invite token); never a viewer. Recognition needs a provider on asr-svc.
 */
export class AudioAdmission {
  constructor(
    private readonly bus: Bus,
    private readonly tokens: AccessTokens,
  ) {}

  async admit(frame: AudioStartFrame): Promise<AudioStream> {
    const speaker = await this.speaker(frame);
    const status = await this.bus.request(ASR_SUBJECTS.status, {}, { timeoutMs: 2_000 });
    if (!status.provider) throw new DomainException(LiveErrorCode.Unavailable, 'Server recognition needs ASR_PROVIDER');
    return {
      streamId: frame.streamId,
      roomId: frame.roomId,
      source: 'browser',
      speakerId: speaker.id,
      speakerName: speaker.name,
      sourceLanguage: frame.sourceLanguage,
      sampleRate: frame.sampleRate,
      ...(speaker.invited ? { invitedSpeaker: true } : {}),
    };
  }

  private async speaker(frame: AudioStartFrame): Promise<{ id: string; name: string; invited: boolean }> {
    const { roomId } = frame;
    switch (frame.role) {
      case 'host': {
        if (frame.hostKey) await this.bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId, hostKey: frame.hostKey });
        else if (frame.accessToken) {
          const caller = await this.tokens.verify(frame.accessToken).catch(() => null);
          if (!caller) throw new DomainException(LiveErrorCode.InvalidHostKey, 'Invalid session');
          await this.bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId, userId: caller.userId });
        } else throw new DomainException(LiveErrorCode.InvalidHostKey, "A host key, or the room owner's session, is required");
        // One speaker per capture: the host's lines from this stream carry the stream's own id.
        return { id: `host-${frame.streamId.slice(0, 8)}`, name: 'Host', invited: false };
      }
      case 'speaker': {
        if (!frame.inviteToken) throw new DomainException(LiveErrorCode.InvalidInvite, 'Invalid invite token');
        const state = await this.bus.request(SPEAKERS_SUBJECTS.authorize, { roomId, token: frame.inviteToken });
        return { id: state.speaker.id, name: state.speaker.name, invited: true };
      }
      case 'viewer':
        throw new DomainException(LiveErrorCode.Forbidden, 'Viewers cannot stream audio');
    }
  }
}
