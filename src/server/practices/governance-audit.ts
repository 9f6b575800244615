import type { Tx } from '../db/client';

/** What the practice's governance does that its audit trail records. */
export type GovernanceEvent = {
  type: 'practice.policy_changed' | 'practice.terms_accepted';
  practiceId: number;
  /** The member who acted. */
  actorId: number;
  detail: Record<string, unknown>;
};

/**
 * The one place the sign-in policy and the practice terms hand their events to the practice's audit
 * trail, in the transaction of the change. The audit trail is another piece of work: until it is
 * joined here, this records nothing.
 */
export async function recordGovernanceEvent(_tx: Tx, _event: GovernanceEvent): Promise<void> {}
