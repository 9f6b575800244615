import { answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useMutation } from '@tanstack/react-query';

/** Only a web address is followed (never, say, a javascript: URL). */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** POST /api/billing/portal: the address of Stripe's billing portal for this user. */
async function openBillingPortal(): Promise<string> {
  const { url } = await answer(api.POST('/api/billing/portal'));
  if (!isWebUrl(url)) throw new Error('The billing portal did not answer with a web address.');
  return url;
}

/** Opens Stripe's billing portal (change card, download invoices); it returns the user to /account. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      toast({ title: 'Failed to open billing', description: error.message, variant: 'destructive' });
    },
  });
}
