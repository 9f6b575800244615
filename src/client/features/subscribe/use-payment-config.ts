import { apiJson } from '@client/lib/api';
import { useQuery } from '@tanstack/react-query';

export type PaymentConfig = {
  /** Null when payments are not configured: the page then says so instead of showing a form. */
  stripePublishableKey: string | null;
};

async function fetchPaymentConfig(): Promise<PaymentConfig> {
  const data = await apiJson<{ stripePublishableKey?: unknown }>('GET', '/api/config');
  const key = data.stripePublishableKey;
  return { stripePublishableKey: typeof key === 'string' && key.length > 0 ? key : null };
}

/**
 * The Stripe publishable key from GET /api/config. Its own cache entry: the header's entry for the same
 * endpoint (lib/public-config.ts) keeps only the note-app address, and treats a failure as "no extras",
 * where here a failure must be shown.
 */
export function usePaymentConfig() {
  return useQuery({ queryKey: ['/api/config', 'payments'], queryFn: fetchPaymentConfig });
}
