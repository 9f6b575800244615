import type { CanvasScene, DeviceSize } from '@client/lib/motion';

// docs/architecture.md#constants: the hero animation runs at 15, 30 or 60 fps on mobile, tablet and desktop.
const FPS: Record<DeviceSize, number> = { mobile: 15, tablet: 30, desktop: 60 };
const BARS = 28;
const LINES = [0.92, 0.78, 0.86, 0.55];
const CYCLE = 6; // seconds to "write" the lines, then they start again

function bar(i: number, time: number): number {
  // A few sines make a believable speech envelope without any randomness (the still frame is stable).
  const v = Math.sin(i * 0.9 + time * 5) * 0.5 + Math.sin(i * 0.37 - time * 3.1) * 0.35 + 0.55;
  return Math.max(0.12, Math.min(1, Math.abs(v)));
}

function drawScene(ctx: CanvasRenderingContext2D, w: number, h: number, time: number, progress: number) {
  ctx.clearRect(0, 0, w, h);
  const mid = h / 2;
  // Left: the appointment's audio as a waveform.
  const waveWidth = w * 0.42;
  const step = waveWidth / BARS;
  for (let i = 0; i < BARS; i++) {
    const amp = bar(i, time) * (h * 0.38) * (1 - (i / BARS) * 0.35);
    ctx.fillStyle = `rgba(79, 70, 229, ${0.45 + 0.5 * (i / BARS)})`;
    ctx.beginPath();
    ctx.roundRect(i * step + step * 0.2, mid - amp, step * 0.55, amp * 2, 3);
    ctx.fill();
  }
  // Middle: an arrow from sound to text.
  const ax = w * 0.47;
  ctx.strokeStyle = 'rgba(99, 102, 241, 0.6)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(ax, mid);
  ctx.lineTo(ax + w * 0.05, mid);
  ctx.moveTo(ax + w * 0.05 - 5, mid - 5);
  ctx.lineTo(ax + w * 0.05, mid);
  ctx.lineTo(ax + w * 0.05 - 5, mid + 5);
  ctx.stroke();
  // Right: the note, its lines written one after another.
  const left = w * 0.58;
  const maxWidth = w * 0.4;
  const gap = h / (LINES.length + 1);
  LINES.forEach((length, i) => {
    const lineProgress = Math.max(0, Math.min(1, progress * LINES.length - i));
    const y = gap * (i + 1);
    ctx.fillStyle = 'rgba(148, 163, 184, 0.35)';
    ctx.beginPath();
    ctx.roundRect(left, y - 4, maxWidth * length, 8, 4);
    ctx.fill();
    if (lineProgress > 0) {
      ctx.fillStyle = 'rgba(67, 56, 202, 0.85)';
      ctx.beginPath();
      ctx.roundRect(left, y - 4, maxWidth * length * lineProgress, 8, 4);
      ctx.fill();
    }
  });
}

/** A waveform becoming the lines of a note: what the product does, in a picture. */
export function heroWaveScene(): CanvasScene {
  let elapsed = 0;
  return {
    fps: (size) => FPS[size],
    resize() {},
    draw(ctx, w, h, time, dt) {
      elapsed = (elapsed + dt) % (CYCLE + 1.5);
      drawScene(ctx, w, h, time, Math.min(1, elapsed / CYCLE));
    },
    drawStill: (ctx, w, h) => drawScene(ctx, w, h, 0.6, 1),
  };
}
