import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { LinksService } from './links.service';

@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @OnRequest(ACCOUNTS_SUBJECTS.recover)
  recover(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.recover>) {
    return this.links.recover(request.body.email, request.client.origin);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.verifyLink)
  verify(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.verifyLink>) {
    return this.links.verify(request.token, request.type);
  }
}
