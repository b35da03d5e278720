import { z } from 'zod';

/**
 * The owner's archive (`GET /api/account/archive`): one ZIP of everything the product holds about the caller.
 * `manifest.json` lists the files and says which sections they come from; each section adds its own files.
 */
export const ARCHIVE_FILE_NAME = 'live-translation-rooms-data.zip';

export const archiveManifestSchema = z.object({
  format: z.literal('live-translation-rooms-archive'),
  version: z.literal(1),
  created_at: z.iso.datetime(),
  user_id: z.uuid(),
  sections: z.array(z.object({ name: z.string(), description: z.string(), files: z.array(z.string()) })),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;
