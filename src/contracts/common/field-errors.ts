/**
 * Turns zod issues into `{ field: message }`, naming each field by its dotted path
 * ("lines.0.qty"); an issue on the whole body is named "body".
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
