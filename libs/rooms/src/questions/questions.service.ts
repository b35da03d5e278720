import { Injectable } from '@nestjs/common';
import {
  QUESTION_LIMITS,
  QUESTIONS_SUBJECTS,
  type HostAccess,
  type LanguageCode,
  type QuestionStatus,
  type StoredQuestion,
} from '@lt/contracts';
import { Bus, bytePage } from '@lt/platform';
import { ViewerIds } from '../analytics/viewer-ids';
import { RoomAccess, userActor } from '../rooms/room-access';
import type { RoomEntity } from '../rooms/room.entity';
import { RoomsErrorCode, RoomsException } from '../rooms/rooms.exception';
import { RoomsRepository } from '../rooms/rooms.repository';
import { QuestionsRepository } from './questions.repository';

/** Questions read from the database for one page of a list; the page is then cut to BUS_PAGE_BYTES. */
const PAGE_ROWS = 500;

const notFound = () => new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
const ended = () => new RoomsException(RoomsErrorCode.RoomEnded, 'This room has ended: it takes no more questions nor votes');
const questionNotFound = () => new RoomsException(RoomsErrorCode.QuestionNotFound, 'Question not found');

/**
 * Questions from a room's audience: asked and upvoted by viewers while the host has them on and until the room
 * ends (`room_ended` after), answered or hidden by the host. Every change is a room event: translate-svc translates a new question, and the gateways
 * tell the room's sockets. The texts are data: stored and sent as they were written.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly rooms: RoomsRepository,
    private readonly access: RoomAccess,
    private readonly bus: Bus,
    private readonly viewerIds: ViewerIds,
  ) {}

  async ask(request: { roomId: string; clientId: string; text: string; lang: LanguageCode }): Promise<StoredQuestion> {
    const { clientId, ...asked } = request;
    const room = await this.open(request.roomId);
    const held = await this.questions.held(room.id);
    if (held.count >= QUESTION_LIMITS.perRoom) {
      throw new RoomsException(RoomsErrorCode.QuestionsFull, `This room already holds ${QUESTION_LIMITS.perRoom} questions`);
    }
    if (held.bytes + Buffer.byteLength(request.text) > QUESTION_LIMITS.roomTextBytes) {
      throw new RoomsException(
        RoomsErrorCode.QuestionsFull,
        `This room's questions already hold ${QUESTION_LIMITS.roomTextBytes} bytes of text`,
      );
    }
    const question = await this.questions.insert({ ...asked, viewerId: this.viewerIds.keyed(request.roomId, clientId) });
    if (!question) throw ended();
    const hostLang = room.sourceLanguage ?? question.lang;
    this.bus.emitToRoom(QUESTIONS_SUBJECTS.asked, { roomId: room.id }, { ...question, hostLang });
    return question;
  }

  /** A page of the visible questions (BUS_PAGE_BYTES at most): the caller asks for the next one while `more`. */
  async list(roomId: string, clientId?: string, afterId?: string) {
    const room = await this.rooms.findById(roomId);
    if (!room) throw notFound();
    const viewerIds = clientId ? this.viewerIds.all(roomId, clientId) : [];
    const { items, more } = bytePage(await this.questions.visible(roomId, viewerIds, { afterId, limit: PAGE_ROWS }), PAGE_ROWS);
    return { enabled: room.questionsEnabled, questions: items, more };
  }

  async vote(roomId: string, questionId: string, clientId: string): Promise<{ id: string; votes: number }> {
    await this.open(roomId);
    const question = await this.questions.vote(roomId, questionId, this.viewerIds.all(roomId, clientId));
    if (!question) throw questionNotFound();
    if (question === 'ended') throw ended();
    if (question === 'own') throw new RoomsException(RoomsErrorCode.OwnQuestion, 'You cannot upvote your own question');
    this.changed(question);
    return { id: question.id, votes: question.votes };
  }

  async moderate(roomId: string, questionId: string, access: HostAccess, status: QuestionStatus): Promise<StoredQuestion> {
    await this.authorize(roomId, access);
    const question = await this.questions.setStatus(roomId, questionId, status);
    if (!question) throw questionNotFound();
    this.changed(question);
    return question;
  }

  async setEnabled(roomId: string, access: HostAccess, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.authorize(roomId, access);
    if (!(await this.rooms.update(roomId, { questionsEnabled: enabled }))) throw notFound();
    this.announceEnabled(roomId, enabled);
    return { enabled };
  }

  /** Everyone in the room hears that questions were turned on or off (here, or in the dashboard's edit form). */
  announceEnabled(roomId: string, enabled: boolean): void {
    this.bus.emitToRoom(QUESTIONS_SUBJECTS.enabled, { roomId }, { roomId, enabled });
  }

  async forExport(roomId: string, afterId?: string): Promise<{ questions: StoredQuestion[]; more: boolean }> {
    const rows = await this.questions.visible(roomId, [], { afterId, limit: PAGE_ROWS });
    const { items, more } = bytePage(
      rows.map(({ voted: _, ...q }) => q),
      PAGE_ROWS,
    );
    return { questions: items, more };
  }

  private changed(q: StoredQuestion): void {
    this.bus.emitToRoom(QUESTIONS_SUBJECTS.changed, { roomId: q.roomId }, { roomId: q.roomId, id: q.id, votes: q.votes, status: q.status });
  }

  /** The room, when it takes questions now: turned on, and until it ends. */
  private async open(roomId: string): Promise<RoomEntity> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw notFound();
    if (room.status === 'ended') throw ended();
    if (!room.questionsEnabled) throw new RoomsException(RoomsErrorCode.QuestionsOff, 'This room does not take questions now');
    return room;
  }

  /** The owner with its session, or a holder of the host key (as for the glossary). */
  private authorize(roomId: string, access: HostAccess): Promise<RoomEntity> {
    return 'ownerId' in access
      ? this.access.require(roomId, userActor(access.ownerId), 'owner')
      : this.access.require(roomId, { kind: 'hostKey', hostKey: access.hostKey }, 'host');
  }
}
