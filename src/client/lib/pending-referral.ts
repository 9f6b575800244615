// A referral code from a share link (/auth?ref=CODE) is kept in this browser until the friend
// subscribes, so it survives registration and the trip through /pricing to the subscribe page.
const KEY = 'cn_referral_code';
const CODE = /^[A-Z0-9]{4,32}$/;

/** Keeps the code if it looks like one; answers the code kept, or null. */
export function rememberReferralCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (!CODE.test(code)) return null;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the friend can still type the code on the subscribe page.
  }
  return code;
}

export function pendingReferralCode(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {}
}
