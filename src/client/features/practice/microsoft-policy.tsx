import { CheckboxField } from '@client/components/ui/checkbox-field';
import { paths } from '@client/config/paths';
import { useMicrosoftLink } from '@client/features/account';
import { configQueryOptions } from '@client/lib/config';
import { PRODUCT_NAME } from '@shared/brand';
import type { PracticePolicy } from '@shared/schemas/practice';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';

// The sign-in policy's Microsoft part (docs/decisions/094-sign-in-with-microsoft.md): the practice's
// Microsoft organisation is its owner's own (the tenant of the Microsoft account they linked), and its
// members may be required to sign in with Microsoft accounts of it. Only the owner sets it.

/** What the card keeps of the Microsoft part while the owner edits it. */
export type MicrosoftChoice = { useTenant: boolean; required: boolean };

export const microsoftChoiceOf = (policy: PracticePolicy): MicrosoftChoice => ({
  useTenant: policy.microsoftTenant !== null,
  required: policy.requireMicrosoft,
});

/** The organisation as people know it: the domain of the address they sign in to Microsoft with. */
const domainOf = (username: string) => username.split('@')[1] ?? username;

/**
 * Whether Sign in with Microsoft is set up here, and the owner's own linked account (its tenant is the one
 * the practice may take): what the section and the save both read.
 */
export function useOwnMicrosoft(owner: boolean) {
  const { data: config } = useQuery(configQueryOptions());
  const enabled = config?.microsoftSignIn === true;
  const link = useMicrosoftLink(enabled && owner);
  return { enabled, pending: link.isPending && enabled && owner, account: link.data?.account ?? null };
}

/**
 * The change to send: the owner's tenant when they use their organisation (the practice's own kept while
 * it is theirs, or when they have no link to replace it with), null to stop; nothing of it for an admin,
 * whom the API would refuse.
 */
export function microsoftChange(
  owner: boolean,
  policy: PracticePolicy,
  choice: MicrosoftChoice,
  ownTenant: string | null,
) {
  if (!owner) return {};
  const microsoftTenant = choice.useTenant ? (ownTenant ?? policy.microsoftTenant) : null;
  return { microsoftTenant, requireMicrosoft: microsoftTenant !== null && choice.required };
}

export function MicrosoftPolicyFields({
  owner,
  own,
  policy,
  choice,
  onChange,
}: {
  owner: boolean;
  own: ReturnType<typeof useOwnMicrosoft>;
  policy: PracticePolicy;
  choice: MicrosoftChoice;
  onChange: (choice: MicrosoftChoice) => void;
}) {
  const id = useId();
  if (!own.enabled) return null;

  if (!owner)
    return (
      <div className="grid gap-1">
        <p className="text-sm font-medium text-slate-900">Sign in with Microsoft</p>
        <p className="text-sm text-slate-600">
          {policy.requireMicrosoft
            ? "Members sign in only with a Microsoft work account of the practice's organisation. "
            : policy.microsoftTenant
              ? "Invitations can be accepted with a Microsoft work account of the practice's organisation. "
              : 'Not set up for this practice. '}
          Only the practice's owner can change this.
        </p>
      </div>
    );

  const account = own.account;
  const ours = account !== null && account.tenant === policy.microsoftTenant;
  const organisation = account ? domainOf(account.username) : null;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-slate-900">Sign in with Microsoft</legend>
      {own.pending ? (
        <p className="text-sm text-slate-600">Loading your Microsoft account...</p>
      ) : !account ? (
        <p className="text-sm text-slate-700">
          {policy.microsoftTenant
            ? `The practice uses the Microsoft organisation ${policy.microsoftTenant}${policy.requireMicrosoft ? ', and its members must sign in with it' : ''}. `
            : null}
          To let your team sign in with NHSmail or Microsoft 365, first link your own Microsoft work account
          under{' '}
          <Link to={paths.account.getHref('security')} className="font-medium underline underline-offset-2">
            Account, Security
          </Link>
          : the practice's organisation is the one you sign in with.
        </p>
      ) : (
        <>
          {policy.microsoftTenant && !ours ? (
            <p className="text-sm text-amber-900">
              The practice uses another Microsoft organisation ({policy.microsoftTenant}) than your linked
              account's. Saving with the box ticked makes it {organisation}'s.
            </p>
          ) : null}
          <CheckboxField
            id={`${id}-tenant`}
            checked={choice.useTenant}
            onChange={(checked) => onChange({ useTenant: checked, required: checked && choice.required })}
            label={`Use my Microsoft organisation, ${organisation} (${account.username})`}
          >
            The people you invite can then accept with a Microsoft account of {organisation}, without a
            password. Microsoft tells us the organisation as{' '}
            <span className="font-mono">{account.tenant}</span>.
          </CheckboxField>
          <CheckboxField
            id={`${id}-required`}
            checked={choice.useTenant && choice.required}
            disabled={!choice.useTenant}
            onChange={(checked) => onChange({ ...choice, required: checked })}
            label="Members must sign in with Microsoft"
          >
            Members, you included, can no longer sign in with a password or a passkey: we tell them to choose
            'Sign in with Microsoft' and use their {organisation} work account. Microsoft accounts of other
            organisations are refused. Members who have not linked their Microsoft account yet should do it
            (Account, Security) before you turn this on. When you save it, their sessions not opened with
            Microsoft end, in {PRODUCT_NAME} and the note app (yours here stays).
          </CheckboxField>
        </>
      )}
    </fieldset>
  );
}
