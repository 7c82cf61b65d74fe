/** Days between two `YYYY-MM-DD`, both counted (2026-11-01 → 2026-11-01 is 1). */
export function daysInRange(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}
