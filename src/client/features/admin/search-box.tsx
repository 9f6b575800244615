import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useId } from 'react';

type SearchBoxProps = {
  /** The visible label, e.g. 'Search users'. */
  label: string;
  /** Says what is searched, e.g. 'Username or email'. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled search field; Escape clears it (the browser's own behaviour for type="search"). */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="grid w-full gap-2 sm:max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
