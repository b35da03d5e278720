import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { InvitationsService } from './invitations.service';

@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @OnRequest(ACCOUNTS_SUBJECTS.mailSpeakerInvite)
  speakerInvite(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.mailSpeakerInvite>) {
    return this.invitations.speakerInvite(request);
  }
}
