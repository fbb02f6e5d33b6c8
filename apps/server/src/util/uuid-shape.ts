/**
 * Whether `id` has the shape of a uuid column's text. A lookup by an id of another shape answers
 * "not found" before the database would refuse the cast with an error.
 */
export function hasUuidShape(id: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(id);
}
