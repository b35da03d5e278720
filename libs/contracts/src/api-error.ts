/** Every HTTP error answer: `{"error":{"code","message"}}` (ARCHITECTURE §6). */
export interface ApiErrorBody {
  error: { code: string; message: string; correlationId?: string; issues?: { path: string; message: string }[] };
}
