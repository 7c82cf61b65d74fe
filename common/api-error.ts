/** The uniform JSON error body of every API failure (DESIGN.md §8). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
}
