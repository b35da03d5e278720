import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Bus, BusModule, DatabaseUrlModule, connectBus } from '@lt/platform';
import { createTestDatabase, type TestDatabase } from '@lt/testing';
import { roomsEnvSchema } from '../rooms.env';
import { RoomsModule } from '../rooms.module';

export interface RoomsTestApp {
  db: TestDatabase;
  app: INestApplication;
  bus: Bus;
  close: () => Promise<void>;
}

/** rooms-svc's module on a fresh PostgreSQL database, its bus in process: what the medium tests call. */
export async function startRoomsApp(): Promise<RoomsTestApp> {
  const db = await createTestDatabase();
  @Module({
    imports: [
      BusModule.forRoot({ transport: 'in-process' }),
      DatabaseUrlModule.forRoot(db.url),
      RoomsModule.forRoot(roomsEnvSchema.parse({})),
    ],
  })
  class TestModule {}
  const app = await NestFactory.create(TestModule, { logger: ['error'] });
  await connectBus(app);
  await app.init();
  return {
    db,
    app,
    bus: app.get(Bus),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
