import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { RoomsModule } from '@lt/rooms';

runService({ name: 'rooms-svc', healthPort: 8082, needsDatabase: true, imports: () => [RoomsModule] });
