import { LoadingPage } from '@client/components/layout/starting-page';
import { practiceQueryOptions } from '@client/features/practice/api/get-practice';
import { PracticeEyebrow, PracticeSkeleton } from '@client/features/practice/practice-intro';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import type { ClientLoaderFunctionArgs } from 'react-router';
import { LoadedPage, requireUser } from '../guards';

export const meta = () => [{ title: fullTitle('Practice') }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const page = import('@client/features/practice/practice-page').then((m) => m.PracticePage);
  const user = await requireUser(request);
  // Asked only of someone in a practice, as the page does; not waited for.
  if (user.practice) void queryClient.prefetchQuery(practiceQueryOptions());
  return { Page: await page };
}

export function HydrateFallback() {
  return (
    <LoadingPage width="medium">
      <PracticeEyebrow />
      <PracticeSkeleton />
    </LoadingPage>
  );
}

export default LoadedPage;
