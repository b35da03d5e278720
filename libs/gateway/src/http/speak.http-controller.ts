import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { SPEAKERS_SUBJECTS, speakAccessBodySchema, speakJoinBodySchema, type SpeakerAccessResponse } from '@lt/contracts';
import { Bus } from '@lt/platform';

/** The Speaker room's calls: the invite token is the only credential, and it opens only the room it was made for. */
@Controller('api/speak')
export class SpeakHttpController {
  constructor(private readonly bus: Bus) {}

  @Post('verify')
  @HttpCode(200)
  verify(@Body() body: unknown): Promise<SpeakerAccessResponse> {
    return this.bus.request(SPEAKERS_SUBJECTS.verify, speakAccessBodySchema.parse(body));
  }

  @Post('join')
  @HttpCode(200)
  join(@Body() body: unknown): Promise<SpeakerAccessResponse> {
    return this.bus.request(SPEAKERS_SUBJECTS.join, speakJoinBodySchema.parse(body));
  }

  @Post('leave')
  @HttpCode(204)
  async leave(@Body() body: unknown): Promise<void> {
    await this.bus.request(SPEAKERS_SUBJECTS.leave, speakAccessBodySchema.parse(body));
  }
}
