import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { configQueryOptions } from '@client/lib/config';
import { useNavigation } from '@client/lib/navigation';
import { useHydrated } from '@client/lib/use-hydrated';
import { useMicrosoftReturn } from '@client/lib/use-microsoft-return';
import { useQuery } from '@tanstack/react-query';
import {
  useFinishMicrosoftLink,
  useMicrosoftLink,
  useStartMicrosoftLink,
  useUnlinkMicrosoft,
} from './api/microsoft';
import { formatDateTime } from './format';

/**
 * docs/architecture.md#microsoft-sign-in: a Microsoft work account (NHSmail, Microsoft 365) linked here
 * signs the person in. Linking goes to Microsoft and back (`?microsoft=done`), then links the account
 * Microsoft named; only where Sign in with Microsoft is configured.
 */
export function MicrosoftCard() {
  const { data: config } = useQuery(configQueryOptions());
  const enabled = config?.microsoftSignIn === true;
  const link = useMicrosoftLink(enabled);
  const hydrated = useHydrated();
  const start = useStartMicrosoftLink();
  const finish = useFinishMicrosoftLink();
  const unlink = useUnlinkMicrosoft();
  const outcome = new URLSearchParams(useNavigation().search).get('microsoft');
  useMicrosoftReturn(outcome, finish.mutate, enabled);

  if (!enabled) return null;
  const account = link.data?.account;
  return (
    <Card role="region" aria-labelledby="microsoft-heading">
      <CardHeader>
        <CardTitle id="microsoft-heading">Microsoft account</CardTitle>
        <CardDescription>
          Sign in with your NHSmail or Microsoft 365 work account. If Microsoft asks you for a second factor,
          that counts here too.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outcome === 'failed' || outcome === 'cancelled' || outcome === 'expired' ? (
          <p role="alert" className="text-sm text-red-700">
            The Microsoft account was not linked: the sign-in at Microsoft did not finish. Please try again.
          </p>
        ) : null}
        {link.isPending ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : account ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm text-slate-700">
              Linked: <span className="font-medium">{account.username}</span>
              <span className="block text-slate-500">
                Since {formatDateTime(account.linkedAt)}
                {account.lastUsedAt ? `; last used ${formatDateTime(account.lastUsedAt)}` : ''}
              </span>
            </p>
            <Button
              type="button"
              variant="outline"
              disabled={unlink.isPending || !hydrated}
              onClick={() => unlink.mutate()}
            >
              {unlink.isPending ? 'Unlinking...' : 'Unlink Microsoft account'}
            </Button>
          </div>
        ) : (
          <div>
            <Button
              type="button"
              disabled={start.isPending || finish.isPending || !hydrated}
              onClick={() => start.mutate()}
            >
              {finish.isPending ? 'Linking...' : 'Link a Microsoft account'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
