/** Where a member's name links to from team panels: their read-only professional profile. */
export function publicProfilePath(userId: number): string {
  return `/users/${userId}`;
}
