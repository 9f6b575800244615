import { animateCanvas, type CanvasScene } from '@client/lib/motion';

// The marketing pages' decorative canvases, drawn without React: the marketing pages start them from
// their data-scene attribute (src/site/scripts/site.ts), the app from <AnimatedCanvas>. Each scene's code
// loads only when a canvas asks for it.
const SCENES: Record<string, () => Promise<() => CanvasScene>> = {
  particles: () => import('./particles').then((m) => m.particleScene),
  heroWave: () => import('./hero-wave').then((m) => m.heroWaveScene),
};

export type SceneName = 'particles' | 'heroWave';

/** Animates `canvas` with the scene its data-scene names; returns a function that stops it. */
export function startScene(canvas: HTMLCanvasElement): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const load = SCENES[canvas.dataset.scene ?? ''];
  load?.().then((makeScene) => {
    if (!stopped) stop = animateCanvas(canvas, makeScene());
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
