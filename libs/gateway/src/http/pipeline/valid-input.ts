import { Body, Param, PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates one part of an HTTP request (path parameters, query or body) against its contract schema, before
 * the handler runs: a handler receives typed, valid input, and an invalid request never reaches it (the
 * ZodError becomes `validation_failed`, 400, naming each field, in ApiExceptionFilter). Guards run first, so
 * an unauthenticated caller is told 401 before anything about its input.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    /** A request without a body arrives as undefined; routes whose body is optional read it as `{}`. */
    private readonly emptyAs?: unknown,
  ) {}

  transform(value: unknown): z.output<S> {
    return this.schema.parse(value ?? this.emptyAs);
  }
}

/** The path parameters, parsed with the route's params schema. */
export const ValidParams = (schema: z.ZodType) => Param(new ZodValidationPipe(schema));
/** The query string, parsed with the route's query schema. */
export const ValidQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema));
/** The JSON body, parsed with the route's body schema; `optional` bodies read as `{}` when absent. */
export const ValidBody = (schema: z.ZodType, options: { optional?: boolean } = {}) =>
  Body(new ZodValidationPipe(schema, options.optional ? {} : undefined));
/**
 * The query string parsed with the route's query schema, or null when it is invalid: for a route that answers an
 * invalid query otherwise than with a 400 (a mail link redirects to the page that says the link is not valid).
 */
export const ValidQueryOrNull = <S extends z.ZodType>(schema: S) =>
  Query({
    transform: (value: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
  });
