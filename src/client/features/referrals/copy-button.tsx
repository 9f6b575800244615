import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

const RESET_AFTER_MS = 2000;

/** Copies `value`; the icon shows a tick for 2 s (docs/architecture.md#states) and a toast confirms it. */
export function CopyButton({ value, label, disabled }: { value: string; label: string; disabled?: boolean }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Your browser did not allow it. Select the text and copy it yourself.',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), RESET_AFTER_MS);
    toast({ title: 'Copied to clipboard!' });
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button variant="outline" size="icon" aria-label={label} onClick={copy} disabled={disabled}>
      <Icon aria-hidden="true" className={copied ? 'size-4 text-green-700' : 'size-4'} />
    </Button>
  );
}
