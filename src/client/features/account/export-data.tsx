import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Download } from 'lucide-react';
import { EXPORT_DATA_URL } from './api/export-data';

/** UK GDPR right of access: everything we hold about the user, as one JSON file (GET, so a plain link). */
export function ExportData() {
  return (
    <Card role="region" aria-labelledby="export-heading">
      <CardHeader>
        <CardTitle id="export-heading">Your data</CardTitle>
        <CardDescription>
          Under UK GDPR you have the right to a copy of the personal data we hold about you. Download it as a
          JSON file: your account, subscription, referrals, signed-in devices and the emails we have sent you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href={EXPORT_DATA_URL} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" className="size-4" />
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
