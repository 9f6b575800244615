import { LogoMark } from '@client/components/layout/brand';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import type { ReactNode } from 'react';

/** The admin's pages before the admin area opens (sign-in, enrolment): the brand over one card, a link under it. */
export function AdminAuthFrame({
  title,
  description,
  wide = false,
  footer,
  children,
}: {
  title: string;
  description: ReactNode;
  wide?: boolean;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <div className={cn('w-full', wide ? 'max-w-lg' : 'max-w-sm')}>
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <LogoMark />
          {PRODUCT_NAME} Admin
        </p>
        <Card>
          <CardHeader>
            <CardTitle as="h1" size="lg">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          {children}
        </Card>
        <p className="mt-6 text-center text-sm">{footer}</p>
      </div>
    </main>
  );
}
