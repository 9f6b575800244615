/** Vite's `define` for import.meta.env.SAMPLE_CONTENT, from SAMPLE_CONTENT in `env` (process.env by default). */
export function sampleContentDefine(env?: Record<string, string | undefined>): Record<string, string>;
