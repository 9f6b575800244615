/**
 * The texts only the operator of an installation can write (docs/decisions/103-operator-content-shown-only-when-supplied.md):
 * each is a file in `content/`, shown only when it is there. The repository holds samples of each in
 * `content/samples/`, shown in their place only with the explicit setting SAMPLE_CONTENT=true (npm run
 * start:local and the tests): a customer never reads a sample.
 */
export const OPERATOR_CONTENT = [
  {
    file: 'practice-terms.md',
    read: 'while the server runs',
    without: 'practice owners are not asked to accept practice terms',
  },
  {
    file: 'security-hosting.md',
    read: 'when the site is built',
    without: "/security leaves out 'Where your data is kept'",
  },
  {
    file: 'testimonials.json',
    read: 'when the site is built',
    without: 'the landing page leaves out its testimonials and the header its link to them',
  },
] as const;

export type OperatorContentFile = (typeof OPERATOR_CONTENT)[number]['file'];

/**
 * The one rule: the operator's file if supplied, else the sample with SAMPLE_CONTENT, else nothing. Each
 * side is what a look-up found (a module of `import.meta.glob`, a file read), undefined when absent.
 */
export const suppliedContent = <T>(operator: T | undefined, sample: T | undefined, samples: boolean) =>
  operator ?? (samples ? sample : undefined);
