import { Injectable } from '@nestjs/common';

/** Whether the process has finished starting (migrations run, bus bound) and may take traffic. */
@Injectable()
export class Readiness {
  private ready = false;
  markReady(): void {
    this.ready = true;
  }
  isReady(): boolean {
    return this.ready;
  }
}
