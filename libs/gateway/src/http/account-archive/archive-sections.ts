import {
  ACCOUNTS_SUBJECTS,
  GLOSSARY_SUBJECTS,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  type CallerContext,
  type OwnedRoom,
  type StoredTranscript,
  type StoredTranslation,
} from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { exportedQuestions } from '../bus-pages';
import type { ArchiveWriter } from './archive-writer';

/** What a section is given: who asked (verified), the bus, and the archive it writes its files into. */
export interface ArchiveContext {
  caller: CallerContext;
  bus: Bus;
  archive: ArchiveWriter;
}

/** A section of the owner's archive: it writes its own files, and the manifest lists them under its name. */
export interface ArchiveSection {
  name: string;
  description: string;
  write(context: ArchiveContext): Promise<void>;
}

/** A part of every room's folder (`rooms/{roomId}/…`), written by the rooms section for each room the caller owns. */
export interface RoomArchivePart {
  write(context: ArchiveContext, room: OwnedRoom, folder: string): Promise<void>;
}

/**
 * Rooms, messages and translations asked for at a time: what the archive holds in memory. The services cut a page
 * to BUS_PAGE_BYTES as well, so a page is read until an empty one.
 */
const ROOMS_PAGE = 50;
const MESSAGES_PAGE = 500;
const TRANSLATIONS_PAGE = 1000;

const profileSection: ArchiveSection = {
  name: 'profile',
  description: 'The account (e-mail, name) and its profile (plan, role, tokens used, interface language)',
  async write({ caller, bus, archive }) {
    const user = await bus.request(ACCOUNTS_SUBJECTS.getUser, { caller });
    const profile = await bus.request(ACCOUNTS_SUBJECTS.getProfile, { caller });
    await archive.json('profile.json', { user, profile });
  },
};

/** Pages of a room's stored messages, by seq. */
async function* messagesOf(bus: Bus, roomId: string): AsyncGenerator<StoredTranscript> {
  let afterSeq = 0;
  for (;;) {
    const page = await bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, afterSeq, limit: MESSAGES_PAGE });
    yield* page;
    // A page may be cut short to fit the bus (long lines): only an empty one says there is no more.
    if (page.length === 0) return;
    afterSeq = page[page.length - 1].seq;
  }
}

/** A room's stored translations, by seq then language. */
async function* translationsOf(bus: Bus, roomId: string): AsyncGenerator<StoredTranslation> {
  let cursor: { afterSeq: number; afterLang?: string } = { afterSeq: 0 };
  for (;;) {
    const page = await bus.request(TRANSLATE_SUBJECTS.exportTranslations, { roomId, ...cursor, limit: TRANSLATIONS_PAGE });
    yield* page;
    if (page.length === 0) return;
    const last = page[page.length - 1];
    cursor = { afterSeq: last.seq, afterLang: last.lang };
  }
}

/** The transcript, each message with its translations, written a message at a time (both lists come by seq). */
const transcriptPart: RoomArchivePart = {
  async write({ bus, archive }, room, folder) {
    const file = archive.open(`${folder}/transcript.json`);
    await file.write(`{\n  "room_id": ${JSON.stringify(room.id)},\n  "messages": [`);
    const translations = translationsOf(bus, room.id);
    let next = await translations.next();
    let first = true;
    for await (const message of messagesOf(bus, room.id)) {
      while (!next.done && next.value.seq < message.seq) next = await translations.next();
      const own: Record<string, Omit<StoredTranslation, 'messageId' | 'seq' | 'lang'>> = {};
      while (!next.done && next.value.seq === message.seq) {
        const { lang, text, fallback, createdAt } = next.value;
        if (next.value.messageId === message.messageId) own[lang] = { text, fallback, createdAt };
        next = await translations.next();
      }
      const { roomId: _roomId, enhance: _enhance, ...stored } = message;
      await file.write(`${first ? '' : ','}\n    ${JSON.stringify({ ...stored, translations: own })}`);
      first = false;
    }
    await file.write(`${first ? '' : '\n  '}]\n}\n`);
    await file.close();
  },
};

const summariesPart: RoomArchivePart = {
  async write({ bus, archive }, room, folder) {
    const file = archive.open(`${folder}/summaries.json`);
    await file.write(`{\n  "room_id": ${JSON.stringify(room.id)},\n  "summaries": [`);
    let count = 0;
    for (;;) {
      const page = await bus.request(TRANSLATE_SUBJECTS.exportSummaries, { roomId: room.id, offset: count });
      if (page.length === 0) break;
      for (const summary of page) await file.write(`${count++ ? ',' : ''}\n    ${JSON.stringify(summary)}`);
    }
    await file.write(`${count ? '\n  ' : ''}]\n}\n`);
    await file.close();
  },
};

const glossaryPart: RoomArchivePart = {
  async write({ caller, bus, archive }, room, folder) {
    const glossary = await bus.request(GLOSSARY_SUBJECTS.read, { roomId: room.id, access: { ownerId: caller.userId } });
    await archive.json(`${folder}/glossary.json`, glossary);
  },
};

/** The audience's questions as they were asked (open and answered; hidden ones are gone for everyone). */
const questionsPart: RoomArchivePart = {
  async write({ bus, archive }, room, folder) {
    const file = archive.open(`${folder}/questions.json`);
    await file.write(`{\n  "room_id": ${JSON.stringify(room.id)},\n  "questions": [`);
    let count = 0;
    for await (const page of exportedQuestions(bus, room.id)) {
      for (const question of page) await file.write(`${count++ ? ',' : ''}\n    ${JSON.stringify(question)}`);
    }
    await file.write(`${count ? '\n  ' : ''}]\n}\n`);
    await file.close();
  },
};

/** What each room's folder holds; a feature that keeps more of a room adds its part here. */
export const ROOM_ARCHIVE_PARTS: RoomArchivePart[] = [transcriptPart, summariesPart, glossaryPart, questionsPart];

/** Every room the caller owns, a page at a time; `rooms.json` lists them with their settings and evaluations. */
async function* roomsOf(bus: Bus, ownerId: string): AsyncGenerator<OwnedRoom> {
  for (let offset = 0; ; offset += ROOMS_PAGE) {
    const page = await bus.request(ROOMS_SUBJECTS.exportOwned, { ownerId, offset, limit: ROOMS_PAGE });
    yield* page;
    if (page.length < ROOMS_PAGE) return;
  }
}

const roomsSection: ArchiveSection = {
  name: 'rooms',
  description: 'Every room owned (rooms.json) and, per room, its transcript with translations, summaries, glossary and questions',
  async write(context) {
    const { caller, bus, archive } = context;
    const list = archive.open('rooms.json');
    await list.write('[');
    let count = 0;
    for await (const room of roomsOf(bus, caller.userId)) {
      await list.write(`${count ? ',' : ''}\n  ${JSON.stringify(room)}`);
      count++;
    }
    await list.write(`${count ? '\n' : ''}]\n`);
    await list.close();
    for await (const room of roomsOf(bus, caller.userId)) {
      for (const part of ROOM_ARCHIVE_PARTS) await part.write(context, room, `rooms/${room.id}`);
    }
  },
};

/** The archive's sections, in the order they are written; a feature that keeps more of a user adds its section here. */
export const ARCHIVE_SECTIONS: ArchiveSection[] = [profileSection, roomsSection];
