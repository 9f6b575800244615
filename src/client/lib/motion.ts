// Decorative motion (docs/architecture.md#constants): small, dependency-free, started after the first paint, paused
// when nobody can see it, and off under prefers-reduced-motion. Browser-only: call from effects.

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
}

/** docs/architecture.md#constants: mobile under 768 px, tablet 768 to under 1024, desktop from 1024. */
export type DeviceSize = 'mobile' | 'tablet' | 'desktop';

function deviceSize(width = window.innerWidth): DeviceSize {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/** Runs `task` once the page has loaded and the browser is idle; returns a cancel function. */
function afterFirstPaint(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(task, { timeout: 2000 });
    else timer = setTimeout(task, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** What a decorative canvas is doing, shown in its data-animation attribute (tests read it). */
type AnimationState = 'pending' | 'running' | 'paused' | 'off';

export type CanvasScene = {
  /** Frames per second at most, for the current window width. */
  fps: (size: DeviceSize) => number;
  /** Called when the canvas gets a new size (in CSS pixels; the context is already scaled). */
  resize: (width: number, height: number) => void;
  /** Draws one frame; `dt` is the seconds since the previous one (capped). */
  draw: (ctx: CanvasRenderingContext2D, width: number, height: number, time: number, dt: number) => void;
  /** Under reduced motion: one still frame, or nothing if absent. */
  drawStill?: (ctx: CanvasRenderingContext2D, width: number, height: number) => void;
};

/**
 * Animates a canvas with `scene` after the first paint, only while the tab is visible and the canvas
 * is on screen, at most at the scene's frame rate. Returns a function that stops everything.
 */
export function animateCanvas(canvas: HTMLCanvasElement, scene: CanvasScene): () => void {
  const ctx = canvas.getContext('2d');
  const setState = (state: AnimationState) => {
    canvas.dataset.animation = state;
  };
  if (!ctx) {
    setState('off');
    return () => {};
  }

  const motionQuery = window.matchMedia?.(REDUCED_MOTION_QUERY);
  let width = 0;
  let height = 0;
  let started = false;
  let onScreen = false;
  let frame = 0;
  let last = 0;

  const measure = () => {
    // One canvas pixel per CSS pixel: faint decoration needs no more, and a phone draws a third as much
    // as at its own ratio (each frame stays well under a long task, docs/architecture.md#budgets).
    const dpr = 1;
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    scene.resize(width, height);
  };

  const tick = (now: number) => {
    frame = requestAnimationFrame(tick);
    const interval = 1000 / scene.fps(deviceSize());
    // A little slack so a 60 fps limit is not halved by frames that arrive a hair early.
    if (last && now - last < interval - 2) return;
    const dt = last ? Math.min((now - last) / 1000, 0.1) : 0;
    last = now;
    scene.draw(ctx, width, height, now / 1000, dt);
  };

  const update = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    last = 0;
    if (motionQuery?.matches) {
      ctx.clearRect(0, 0, width, height);
      if (started && scene.drawStill) scene.drawStill(ctx, width, height);
      setState('off');
      return;
    }
    if (!started) return setState('pending');
    if (document.visibilityState !== 'visible' || !onScreen) return setState('paused');
    setState('running');
    frame = requestAnimationFrame(tick);
  };

  const resizeObserver = new ResizeObserver(() => {
    measure();
    if (started && motionQuery?.matches) update();
  });
  const intersectionObserver = new IntersectionObserver((entries) => {
    onScreen = entries[entries.length - 1]?.isIntersecting ?? false;
    update();
  });
  const cancelStart = afterFirstPaint(() => {
    started = true;
    measure();
    resizeObserver.observe(canvas);
    intersectionObserver.observe(canvas);
    update();
  });
  document.addEventListener('visibilitychange', update);
  motionQuery?.addEventListener('change', update);
  update();

  return () => {
    cancelStart();
    cancelAnimationFrame(frame);
    resizeObserver.disconnect();
    intersectionObserver.disconnect();
    document.removeEventListener('visibilitychange', update);
    motionQuery?.removeEventListener('change', update);
  };
}
