import { AnimatedCanvas } from './animated-canvas';

/** Drifting dots joined by faint lines, behind the section it is placed in. Decorative. */
export function ParticleBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <AnimatedCanvas scene="particles" testId="particle-background" className="block size-full" />
    </div>
  );
}
