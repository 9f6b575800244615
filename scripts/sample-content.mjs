// SAMPLE_CONTENT=true at build: the samples of content/samples/ stand in for the operator's texts missing
// from content/ (docs/decisions/103-operator-content-shown-only-when-supplied.md). The builds (vite.config.ts,
// astro.config.mjs) and the unit tests (vitest.config.ts) hand it to the code as import.meta.env.SAMPLE_CONTENT.
export const sampleContentDefine = (env = process.env) => ({
  'import.meta.env.SAMPLE_CONTENT': JSON.stringify(env.SAMPLE_CONTENT === 'true'),
});
