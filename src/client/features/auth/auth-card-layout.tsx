import type { ReactNode } from 'react';

/** The narrow centred column used by the password pages. */
export function AuthCardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 py-12 sm:items-center">
      <div className="w-full max-w-md">{children}</div>
    </div>
  );
}
