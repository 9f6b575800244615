import type { TwoFactorRequired } from '@shared/schemas/two-factor';

/** POST /api/login (and /api/admin/login) when a second factor is needed: no session yet. */
export const isChallenge = (answer: object): answer is TwoFactorRequired =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;
