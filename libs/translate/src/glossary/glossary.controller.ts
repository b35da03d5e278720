import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GLOSSARY_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent } from '@lt/platform';
import { GlossaryService } from './glossary.service';

@Controller()
export class GlossaryController {
  constructor(private readonly glossaries: GlossaryService) {}

  /** Every replica keeps its own cache: no queue group. */
  @OnEvent(GLOSSARY_SUBJECTS.changed)
  changed(@Payload() event: BusPayload<typeof GLOSSARY_SUBJECTS.changed>) {
    this.glossaries.changed(event.roomId, event.version);
  }
}
