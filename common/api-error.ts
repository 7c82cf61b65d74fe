/** The uniform JSON error body of every API failure (built by server/plugins/error-handler.ts). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
}
