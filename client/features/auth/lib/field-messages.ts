/** One zod issue, as much of it as a form needs. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Each field's message from a failed parse: the first issue on the field's path, as
 * react-hook-form's zod resolver put it (so the sign-in forms say what they said with it).
 * Issues on no field of the form are left out.
 */
export function fieldMessages<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const field = fields.find((name) => name === path);
    if (field !== undefined && messages[field] === undefined) messages[field] = issue.message;
  }
  return messages;
}
