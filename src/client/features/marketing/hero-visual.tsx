import { AnimatedCanvas } from './animated-canvas';

/** A waveform becoming the lines of a note: what the product does, in a picture. Decorative. */
export function HeroVisual() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-indigo-100 bg-white/80 p-4 shadow-sm">
      {/* The height is fixed so nothing moves when the drawing starts. */}
      <AnimatedCanvas scene="heroWave" className="block h-28 w-full" />
    </div>
  );
}
