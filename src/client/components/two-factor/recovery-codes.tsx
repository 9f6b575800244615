import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PRODUCT_NAME } from '@shared/brand';
import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * Recovery codes, shown once (docs/architecture.md#identity): each works once in place of the app's code or a
 * passkey. The person copies or downloads them and says they have kept them before the list goes away.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState(false);
  const keptId = useId();
  const asText = `${PRODUCT_NAME} recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(asText);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'chairnotes-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        Keep these recovery codes somewhere safe, away from your phone. If you lose your phone or passkey,
        each code signs you in once, after your password.{' '}
        <strong>This is the only time they are shown.</strong>
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Download codes
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={keptId} checked={kept} onChange={(e) => setKept(e.currentTarget.checked)} />
        <Label htmlFor={keptId} variant="choice">
          I have saved my recovery codes
        </Label>
      </div>
      <div>
        <Button disabled={!kept} onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
