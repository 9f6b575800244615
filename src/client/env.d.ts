/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Whether the samples of content/samples/ stand in for the operator's missing texts (scripts/sample-content.mjs). */
  readonly SAMPLE_CONTENT: boolean;
}
