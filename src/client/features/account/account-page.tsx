import { PageContainer } from '@client/components/layout/page-container';
import { useCurrentUser } from '@client/features/auth/use-auth';
import { useTitle } from '@client/lib/use-title';

// Placeholder until the account issue adds the Profile, Subscription and Security tabs.
export function AccountPage() {
  useTitle('My Account');
  const { user } = useCurrentUser();
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      {user ? (
        <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Username</dt>
            <dd className="mt-1 font-medium text-slate-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Email</dt>
            <dd className="mt-1 font-medium break-all text-slate-900">{user.email}</dd>
          </div>
        </dl>
      ) : null}
    </PageContainer>
  );
}
