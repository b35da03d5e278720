import { Controller, Get, HttpCode, Patch, Post, Put, UseGuards } from '@nestjs/common';
import {
  askQuestionBodySchema,
  moderateQuestionBodySchema,
  QUESTIONS_SUBJECTS,
  questionView,
  questionParamsSchema,
  questionSettingsBodySchema,
  questionsQuerySchema,
  roomIdParamsSchema,
  type AskQuestionBody,
  type HostAccess,
  type ModerateQuestionBody,
  type QuestionListResponse,
  type QuestionParams,
  type QuestionSettingsBody,
  type QuestionsQuery,
  type QuestionView,
  type QuestionVoteResponse,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { Access, HostAccessGuard } from '../../auth/host-access.guard';
import { QuestionRateLimitGuard, TranscriptRateLimitGuard, VoteRateLimitGuard } from '../../auth/ip-rate-limiter.guard';
import { JoinedViewers } from '../../live/rooms/joined-viewers';
import { listedQuestions, questionTexts } from '../bus-pages';
import { ValidBody, ValidParams, ValidQuery } from '../pipeline/valid-input';
import { OptionalClientId, RequiredClientId } from './viewer-client-id';

/**
 * Questions from the audience. Viewers (the viewer link and their client id) list; ask and upvote from a viewer
 * socket joined to the room (its viewerId is the X-Client-Id: see JoinedViewers); the host
 * (owner's session or host key) answers, hides, and turns questions on or off. rooms-svc keeps them and
 * decides; translate-svc makes each question's text in a language once.
 */
@Controller('api')
export class QuestionsHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly viewers: JoinedViewers,
  ) {}

  @Get('view/:roomId/questions')
  @UseGuards(TranscriptRateLimitGuard)
  async list(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(questionsQuerySchema) { lang }: QuestionsQuery,
    @OptionalClientId() clientId: string | undefined,
  ): Promise<QuestionListResponse> {
    const { enabled, questions } = await listedQuestions(this.bus, roomId, clientId);
    const texts = await questionTexts(this.bus, roomId, lang, questions);
    return { enabled, lang, questions: questions.map((q, i) => ({ ...questionView(q, lang, texts[i]), voted: q.voted })) };
  }

  @Post('view/:roomId/questions')
  @HttpCode(201)
  @UseGuards(QuestionRateLimitGuard)
  async ask(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(askQuestionBodySchema) body: AskQuestionBody,
    @RequiredClientId() clientId: string,
  ): Promise<QuestionView> {
    await this.viewers.require(roomId, clientId);
    const question = await this.bus.request(QUESTIONS_SUBJECTS.ask, { roomId, clientId, text: body.text, lang: body.lang });
    return questionView(question, question.lang, { text: question.text });
  }

  @Post('view/:roomId/questions/:questionId/vote')
  @HttpCode(200)
  @UseGuards(VoteRateLimitGuard)
  async vote(
    @ValidParams(questionParamsSchema) { roomId, questionId }: QuestionParams,
    @RequiredClientId() clientId: string,
  ): Promise<QuestionVoteResponse> {
    await this.viewers.require(roomId, clientId);
    const { id, votes } = await this.bus.request(QUESTIONS_SUBJECTS.vote, { roomId, questionId, clientId });
    return { id, votes, voted: true };
  }

  @Patch('rooms/:roomId/questions/:questionId')
  @UseGuards(HostAccessGuard)
  async moderate(
    @ValidParams(questionParamsSchema) { roomId, questionId }: QuestionParams,
    @ValidBody(moderateQuestionBodySchema) { status }: ModerateQuestionBody,
    @Access() access: HostAccess,
  ): Promise<{ id: string; status: ModerateQuestionBody['status'] }> {
    const question = await this.bus.request(QUESTIONS_SUBJECTS.moderate, { roomId, questionId, access, status });
    return { id: question.id, status: question.status };
  }

  @Put('rooms/:roomId/question-settings')
  @UseGuards(HostAccessGuard)
  settings(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(questionSettingsBodySchema) { enabled }: QuestionSettingsBody,
    @Access() access: HostAccess,
  ): Promise<QuestionSettingsBody> {
    return this.bus.request(QUESTIONS_SUBJECTS.settings, { roomId, access, enabled });
  }
}
