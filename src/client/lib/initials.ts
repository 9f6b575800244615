/** The avatar's two letters: the username's first two characters, upper-cased. */
export function initials(username: string): string {
  return Array.from(username.trim()).slice(0, 2).join('').toUpperCase();
}
