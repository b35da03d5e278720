import { z } from 'zod';
import { CLIENT_ID_HEADER } from './headers';

export { CLIENT_ID_HEADER } from './headers';

export const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, `${CLIENT_ID_HEADER} must be 8 to 64 letters, digits, - or _`)
  .meta({ description: 'A random id the browser keeps; calls without it are counted per client address' });

/** The headers a viewer's calls may carry; documented on their routes. */
export const viewerCallHeadersSchema = z.object({ [CLIENT_ID_HEADER]: clientIdSchema.optional() });
