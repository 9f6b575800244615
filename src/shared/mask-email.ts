/**
 * An address shown to someone who may not be its owner: the first two letters of its local part, then
 * an ellipsis, then the domain ('vi…@example.com'). Enough for its owner to recognise it, not enough
 * for anyone else to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}…${email.slice(at)}`;
}
