import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Download } from 'lucide-react';
import { useExportData } from './api/export-data';

/** UK GDPR right of access: everything we hold about the user, as one JSON file (fetched, as it may first ask the person to confirm it is them). */
export function ExportData() {
  const download = useExportData();
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
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
