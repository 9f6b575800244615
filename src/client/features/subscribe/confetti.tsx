import { prefersReducedMotion } from '@client/lib/motion';
import { useEffect, useRef, useState } from 'react';

const DURATION_MS = 8000;
const COLORS = ['#4f46e5', '#818cf8', '#10b981', '#f59e0b', '#ec4899'];

/**
 * docs/architecture.md#constants: confetti plays for 8 seconds. Skipped under prefers-reduced-motion. canvas-confetti
 * loads only here, draws on a canvas of ours (decorative, hidden from assistive technology) and runs
 * without its Web Worker, which it would start from a blob: URL that our CSP refuses.
 */
export function Confetti({ play }: { play: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!play) return;
    if (prefersReducedMotion()) {
      setVisible(false);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let reset: (() => void) | undefined;
    import('canvas-confetti').then(
      ({ default: confetti }) => {
        const target = canvas.current;
        if (cancelled || !target) return;
        const fire = confetti.create(target, { resize: true, useWorker: false });
        reset = () => fire.reset();
        const end = Date.now() + DURATION_MS;
        const burst = () => {
          const left = end - Date.now();
          if (left <= 0) {
            clearInterval(timer);
            // Let the last pieces fall, then take the canvas away.
            setTimeout(() => !cancelled && setVisible(false), 3000);
            return;
          }
          const particleCount = Math.round(40 * (left / DURATION_MS)) + 10;
          void fire({
            particleCount,
            spread: 70,
            startVelocity: 35,
            origin: { x: Math.random() * 0.3 + 0.1, y: 0.3 },
            colors: COLORS,
          });
          void fire({
            particleCount,
            spread: 70,
            startVelocity: 35,
            origin: { x: Math.random() * 0.3 + 0.6, y: 0.3 },
            colors: COLORS,
          });
        };
        burst();
        timer = setInterval(burst, 400);
      },
      () => setVisible(false),
    );
    return () => {
      cancelled = true;
      clearInterval(timer);
      reset?.();
    };
  }, [play]);

  if (!play || !visible) return null;
  return (
    <div aria-hidden="true" data-testid="confetti" className="pointer-events-none fixed inset-0 z-40">
      <canvas ref={canvas} className="block size-full" />
    </div>
  );
}
