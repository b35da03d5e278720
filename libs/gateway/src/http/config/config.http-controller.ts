import { Controller, Get, Inject } from '@nestjs/common';
import { LANGUAGES, LIMITS, type PublicConfig } from '@lt/contracts';
import { GATEWAY_ENV, keycloakOf, type GatewayConfig } from '../../gateway.config';

/** `/config.json`: public settings for the web app; never a secret. */
@Controller()
export class ConfigHttpController {
  constructor(@Inject(GATEWAY_ENV) private readonly config: GatewayConfig) {}

  @Get('config.json')
  publicConfig(): PublicConfig {
    return {
      languages: LANGUAGES.map((l) => l.code),
      limits: { roomNameMax: LIMITS.roomNameMax },
      keycloak: keycloakOf(this.config),
    };
  }
}
