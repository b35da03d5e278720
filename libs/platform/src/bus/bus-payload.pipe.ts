import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { BusErrorCode } from '@lt/contracts';
import { DomainException } from '../errors/domain.exception';

/** A payload checked against its route's schema: the parsed value, or what is wrong with it, in one sentence. */
export function checkPayload<S extends z.ZodType>(schema: S, value: unknown, subject: string): { data: z.output<S> } | { problem: string } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { problem: `Invalid payload on ${subject}: ${where}${issue?.message ?? 'bad shape'}` };
}

/** Validates what arrives on a subject against the route's schema: a bad payload is a clear error, never a crash. */
export class BusPayloadPipe implements PipeTransform {
  constructor(
    private readonly schema: z.ZodType,
    private readonly subject: string,
  ) {}

  transform(value: unknown): unknown {
    const checked = checkPayload(this.schema, value, this.subject);
    if ('problem' in checked) throw new DomainException(BusErrorCode.BadRequest, checked.problem);
    return checked.data;
  }
}
