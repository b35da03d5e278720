import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  SPEAKERS_SUBJECTS,
  speakAccessBodySchema,
  speakJoinBodySchema,
  type SpeakAccessBody,
  type SpeakJoinBody,
  type SpeakerAccessResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { ValidBody } from '../pipeline/valid-input';

/** The Speaker room's calls: the invite token is the only credential, and it opens only the room it was made for. */
@Controller('api/speak')
export class SpeakHttpController {
  constructor(private readonly bus: Bus) {}

  @Post('verify')
  @HttpCode(200)
  verify(@ValidBody(speakAccessBodySchema) body: SpeakAccessBody): Promise<SpeakerAccessResponse> {
    return this.bus.request(SPEAKERS_SUBJECTS.verify, body);
  }

  @Post('join')
  @HttpCode(200)
  join(@ValidBody(speakJoinBodySchema) body: SpeakJoinBody): Promise<SpeakerAccessResponse> {
    return this.bus.request(SPEAKERS_SUBJECTS.join, body);
  }

  @Post('leave')
  @HttpCode(204)
  async leave(@ValidBody(speakAccessBodySchema) body: SpeakAccessBody): Promise<void> {
    await this.bus.request(SPEAKERS_SUBJECTS.leave, body);
  }
}
