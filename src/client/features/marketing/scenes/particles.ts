import type { CanvasScene, DeviceSize } from '@client/lib/motion';

// docs/architecture.md#constants: density 50, scaled by the window width; frame limit by device size.
const DENSITY = 50;
const FPS: Record<DeviceSize, number> = { mobile: 40, tablet: 60, desktop: 120 };
const LINK_DISTANCE = 120;

function particleCount(width: number): number {
  const scale = width < 768 ? 0.3 : width < 1024 ? 0.6 : width < 1400 ? 0.8 : 1;
  return Math.round(DENSITY * scale);
}

type Particle = { x: number; y: number; vx: number; vy: number; r: number };

/** Drifting dots joined by faint lines. */
export function particleScene(): CanvasScene {
  let particles: Particle[] = [];
  let w = 0;
  let h = 0;
  const spawn = (): Particle => ({
    x: Math.random() * w,
    y: Math.random() * h,
    vx: (Math.random() - 0.5) * 24,
    vy: (Math.random() - 0.5) * 24,
    r: 1 + Math.random() * 1.5,
  });
  return {
    fps: (size) => FPS[size],
    resize(width, height) {
      w = width;
      h = height;
      const count = particleCount(window.innerWidth);
      particles = particles.slice(0, count);
      while (particles.length < count) particles.push(spawn());
    },
    draw(ctx, width, height, _time, dt) {
      ctx.clearRect(0, 0, width, height);
      for (const p of particles) {
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        if (p.x < 0 || p.x > width) p.vx = -p.vx;
        if (p.y < 0 || p.y > height) p.vy = -p.vy;
      }
      ctx.lineWidth = 1;
      for (let i = 0; i < particles.length; i++) {
        const a = particles[i]!;
        for (let j = i + 1; j < particles.length; j++) {
          const b = particles[j]!;
          const d = Math.hypot(a.x - b.x, a.y - b.y);
          if (d > LINK_DISTANCE) continue;
          ctx.strokeStyle = `rgba(99, 102, 241, ${0.18 * (1 - d / LINK_DISTANCE)})`;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
      ctx.fillStyle = 'rgba(79, 70, 229, 0.35)';
      for (const p of particles) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        ctx.fill();
      }
    },
  };
}
