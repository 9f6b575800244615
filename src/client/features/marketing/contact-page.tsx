import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { MARKETING_META } from '@client/lib/page-meta';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { Mail } from 'lucide-react';

export function ContactPage() {
  useTitle(MARKETING_META['/contact'].title);
  return (
    <PageContainer className="max-w-3xl py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Contact us</h1>
      <p className="mt-4 text-lg text-slate-600">
        Would you like a demo of {PRODUCT_NAME} for your practice, or have a question? Email us and we'll get
        back to you.
      </p>
      <Button asChild size="lg" className="mt-8">
        <a href={`mailto:${SUPPORT_EMAIL}`}>
          <Mail aria-hidden="true" className="size-5" />
          {SUPPORT_EMAIL}
        </a>
      </Button>
    </PageContainer>
  );
}
