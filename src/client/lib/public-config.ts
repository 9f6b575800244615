import { useQuery } from '@tanstack/react-query';

export type PublicConfig = { noteAppUrl: string | null };

const NO_CONFIG: PublicConfig = { noteAppUrl: null };

/** Only a web address may become a link target (never, say, a javascript: URL). */
function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

// The config only adds optional links, so a failed load means "no extras", never an error on screen.
async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch('/api/config', { credentials: 'include' });
    if (!res.ok) {
      await res.text().catch(() => '');
      return NO_CONFIG;
    }
    const data: unknown = await res.json();
    const noteAppUrl = data && typeof data === 'object' && 'noteAppUrl' in data ? data.noteAppUrl : null;
    return { noteAppUrl: webUrl(noteAppUrl) };
  } catch {
    return NO_CONFIG;
  }
}

export function usePublicConfig(enabled = true): PublicConfig {
  const { data } = useQuery({ queryKey: ['/api/config'], queryFn: fetchPublicConfig, enabled });
  return data ?? NO_CONFIG;
}
