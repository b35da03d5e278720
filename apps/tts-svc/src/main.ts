import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { TtsModule } from '@lt/tts';

runService({ name: 'tts-svc', healthPort: 8084, needsDatabase: false, imports: () => [TtsModule] });
