import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { RoomsModule, roomsEnvSchema } from '@lt/rooms';

runService({
  name: 'rooms-svc',
  healthPort: 8082,
  needsDatabase: true,
  env: roomsEnvSchema.shape,
  imports: (env) => [RoomsModule.forRoot(env)],
});
