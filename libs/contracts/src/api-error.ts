import { z } from 'zod';

/** Every HTTP error answer: `{"error":{"code","message"}}` with the matching status. */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable, machine-readable; the web maps it to its texts'),
      message: z.string().describe('Readable English for operators and logs; clients show the text of the code'),
      correlationId: z.uuid().optional().describe('Only on 500: the id the server logged the error under'),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .describe('Only on validation_failed: every field that failed, by its dotted path'),
    }),
  })
  .meta({
    id: 'ApiError',
    description: 'The body of every error answer',
    examples: [{ error: { code: 'room_not_found', message: 'Room not found' } }],
  });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
