import { z } from 'zod';
import { requestRoute } from '../bus/route';
import { serviceHealthSchema } from '../health';
import { asrStatusSchema, audioOpenResponseSchema, audioStreamSchema, vocabularySchema } from './asr.messages';

/** Bus subjects served by asr-svc. */
export const ASR_SUBJECTS = {
  /** request: which provider recognises, at which rate (provider null: none) */
  status: requestRoute('asr.provider.status', z.object({}), asrStatusSchema),
  health: requestRoute('asr.health.check', z.object({}), serviceHealthSchema),
  /** request: a replica takes (or finds the holder of) the stream; the reply says where to resume */
  open: requestRoute('asr.stream.open', audioStreamSchema.extend({ resumeFrom: z.int().min(0).optional() }), audioOpenResponseSchema),
  /** request: the glossary terms a room's recogniser gets */
  vocabulary: requestRoute('asr.vocabulary.get', z.object({ roomId: z.uuid() }), vocabularySchema),
} as const;

/** Per-stream subjects, subscribed at run time: chunks to the holder, acks and state back. */
export const asrStreamSubjects = (streamId: string) => ({
  in: `asr.stream.${streamId}.in`,
  out: `asr.stream.${streamId}.out`,
});
