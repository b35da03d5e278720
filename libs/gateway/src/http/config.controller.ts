import { Controller, Get } from '@nestjs/common';
import { LANGUAGES, LIMITS } from '@lt/contracts';

/** `/config.json`: public settings for the web app; never a secret. */
@Controller()
export class ConfigController {
  @Get('config.json')
  config() {
    return { languages: LANGUAGES.map((l) => l.code), limits: { roomNameMax: LIMITS.roomNameMax }, keycloak: null };
  }
}
