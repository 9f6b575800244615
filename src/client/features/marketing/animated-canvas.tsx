import { useEffect, useRef } from 'react';
import { type SceneName, startScene } from './scenes';

/** A decorative canvas animated by one of ./scenes (after the first paint, paused when unseen). */
export function AnimatedCanvas({
  scene,
  className,
  testId,
}: {
  scene: SceneName;
  className: string;
  testId?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => (ref.current ? startScene(ref.current) : undefined), []);
  return (
    <canvas
      ref={ref}
      data-scene={scene}
      data-testid={testId}
      data-animation="pending"
      className={className}
    />
  );
}
