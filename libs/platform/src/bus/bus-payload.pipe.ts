import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { BusErrorCode } from '@lt/contracts';
import { DomainException } from '../errors/domain.exception';

/** Validates what arrives on a subject against the route's schema: a bad payload is a clear error, never a crash. */
export class BusPayloadPipe implements PipeTransform {
  constructor(
    private readonly schema: z.ZodType,
    private readonly subject: string,
  ) {}

  transform(value: unknown): unknown {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new DomainException(BusErrorCode.BadRequest, `Invalid payload on ${this.subject}: ${where}${issue?.message ?? 'bad shape'}`);
  }
}
