import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GLOSSARY_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { GlossaryService } from './glossary.service';

@Controller()
export class GlossaryController {
  constructor(private readonly glossary: GlossaryService) {}

  @OnRequest(GLOSSARY_SUBJECTS.get)
  get(@Payload() request: BusPayload<typeof GLOSSARY_SUBJECTS.get>) {
    return this.glossary.get(request.roomId);
  }

  @OnRequest(GLOSSARY_SUBJECTS.read)
  read(@Payload() request: BusPayload<typeof GLOSSARY_SUBJECTS.read>) {
    return this.glossary.read(request.roomId, request.access);
  }

  @OnRequest(GLOSSARY_SUBJECTS.replace)
  replace(@Payload() request: BusPayload<typeof GLOSSARY_SUBJECTS.replace>) {
    return this.glossary.replace(request.roomId, request.access, request.entries);
  }
}
