// Loaded before anything else: OpenTelemetry can only instrument http, express, pg and Nest if it is there first.
import { startTelemetry } from '@lt/platform/telemetry';

startTelemetry('asr-svc');
