import { SAMPLE_NOTE } from '@client/content/sample-note';
import { FileText } from 'lucide-react';

/** What ChairNotes writes, shown beside the sound it listens to (the hero). */
export function SampleNote() {
  return (
    <figure
      aria-labelledby="sample-note-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm sm:p-6"
    >
      <figcaption>
        <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-indigo-700 uppercase">
          <FileText aria-hidden="true" className="size-4" />
          Sample note
        </p>
        <h2 id="sample-note-heading" className="mt-2 text-lg font-semibold text-slate-900">
          {SAMPLE_NOTE.heading}
        </h2>
        <p className="text-sm text-slate-600">{SAMPLE_NOTE.meta}</p>
      </figcaption>
      <dl className="mt-4 grid gap-3 text-sm">
        {SAMPLE_NOTE.sections.map(({ label, text }) => (
          <div key={label}>
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="text-pretty text-slate-700">{text}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
