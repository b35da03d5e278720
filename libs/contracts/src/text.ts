import { z } from 'zod';

import { hasControlCharacters } from './text-rules';

export * from './text-rules';

/**
 * A string field of the API. PostgreSQL text cannot hold NUL, and the other control characters would only
 * garble what others read, so they are refused where input arrives, with a message naming the field.
 */
export const cleanText = (field: string) =>
  z.string().refine((value) => !hasControlCharacters(value), `${field} must not contain control characters`);
