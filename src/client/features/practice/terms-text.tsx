import Markdown from 'react-markdown';

/**
 * The practice terms as the operator wrote them, in Markdown (content/practice-terms.md). react-markdown
 * renders no raw HTML, so the file cannot put script or markup of its own on the page. Its headings sit
 * under the card's (an h2): the file's first level is an h3. Loaded only with the terms (governance.tsx).
 */
export default function TermsText({ text }: { text: string }) {
  return (
    <div className="mt-3 text-sm text-slate-800 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-slate-900 [&_li]:mt-1 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown components={{ h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6' }}>{text}</Markdown>
    </div>
  );
}
