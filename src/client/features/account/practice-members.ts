/**
 * For a practice's owner, what a freeze or a cancel does to the others: their note app follows the
 * practice's subscription (issue 44). Empty when the subscription covers nobody else.
 */
export function practiceMembersFollow(
  members: number,
  moment: 'freeze' | 'frozen' | 'cancel' | 'cancelled',
): string {
  if (members === 0) return '';
  const others =
    members === 1 ? 'the other member of your practice' : `the ${members} other members of your practice`;
  const Others = others[0]!.toUpperCase() + others.slice(1);
  const lose = members === 1 ? 'loses' : 'lose';
  switch (moment) {
    case 'freeze':
      return ` ${Others} ${lose} the note app too until it resumes; we tell them by mail.`;
    case 'frozen':
      return ` ${Others} cannot use the note app either until then.`;
    case 'cancel':
      return ` When it ends, ${others} ${lose} the note app too; we tell them by mail.`;
    case 'cancelled':
      return ` ${Others} ${members === 1 ? 'keeps' : 'keep'} the note app until then too, and ${lose} it after.`;
  }
}
