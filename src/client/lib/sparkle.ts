import { prefersReducedMotion } from './motion';

// The sparkle button's celebration (docs/architecture.md#states), written against the DOM so that one
// implementation serves both the React button (components/ui/sparkle-button.tsx) and the marketing pages,
// where the hero's button plays it with no React loaded (src/site/scripts/site.ts;
// docs/decisions/080-marketing-pages-on-astro.md).

export type SparkleIntensity = 'low' | 'medium' | 'high';

// docs/architecture.md#constants: per intensity, the delay before the click action, the number of particles, and how
// far and how brightly the glow starts.
const SPARKLE_SETTINGS: Record<
  SparkleIntensity,
  { delayMs: number; particles: number; glowScale: number; glowOpacity: number }
> = {
  low: { delayMs: 500, particles: 8, glowScale: 1.5, glowOpacity: 0.85 },
  medium: { delayMs: 700, particles: 12, glowScale: 2, glowOpacity: 0.9 },
  high: { delayMs: 900, particles: 16, glowScale: 2.5, glowOpacity: 0.95 },
};
const SOUND_VOLUME = 0.2;
const PARTICLE_TRAVEL_PX = 75;
const PARTICLE_MAX_DELAY_S = 0.2;
const PARTICLE_COLOURS = ['#fde68a', '#f0abfc', '#c4b5fd', '#ffffff'];
/** The wrapper shrinks slightly while it plays. */
const CELEBRATING_CLASS = 'scale-95';

/** A sparkle button's wrapper (data-sparkle="<intensity>", data-state), as SparkleButton renders it. */
export const SPARKLE_SELECTOR = '[data-sparkle]';
/** The empty element inside the button that the glow, flash and particles are drawn into. */
const LAYER_SELECTOR = '[data-sparkle-layer]';

function sparkleIntensity(value: string | undefined): SparkleIntensity {
  return value === 'low' || value === 'high' ? value : 'medium';
}

/** A short rising chime made in code (no audio file); any failure to play is silent. */
function playChime(): void {
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    const audio = new Context();
    const now = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(880, now);
    oscillator.frequency.exponentialRampToValueAtTime(1760, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(SOUND_VOLUME, now + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.onended = () => {
      audio.close().catch(() => {});
    };
    oscillator.start(now);
    oscillator.stop(now + 0.32);
    audio.resume().catch(() => {});
  } catch {
    // No sound is fine.
  }
}

function span(className: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  return element;
}

function drawCelebration(layer: Element, intensity: SparkleIntensity): void {
  const settings = SPARKLE_SETTINGS[intensity];
  const glow = span('sparkle-glow absolute inset-0 rounded-md bg-purple-500 blur-md');
  // Through the CSSOM, which the page's CSP allows (it refuses style attributes it has not hashed).
  glow.style.setProperty('--sparkle-glow-scale', String(settings.glowScale));
  glow.style.setProperty('--sparkle-glow-opacity', String(settings.glowOpacity));
  const rand = (min: number, max: number) => min + Math.random() * (max - min);
  const particles = Array.from({ length: settings.particles }, (_, index) => {
    const particle = span('sparkle-particle absolute top-1/2 left-1/2 rounded-full');
    const size = `${rand(1, 4).toFixed(1)}px`;
    particle.style.width = size;
    particle.style.height = size;
    particle.style.backgroundColor = PARTICLE_COLOURS[index % PARTICLE_COLOURS.length] ?? '#ffffff';
    particle.style.animationDelay = `${rand(0, PARTICLE_MAX_DELAY_S).toFixed(2)}s`;
    particle.style.setProperty(
      '--sparkle-dx',
      `${rand(-PARTICLE_TRAVEL_PX, PARTICLE_TRAVEL_PX).toFixed(1)}px`,
    );
    particle.style.setProperty(
      '--sparkle-dy',
      `${rand(-PARTICLE_TRAVEL_PX, PARTICLE_TRAVEL_PX).toFixed(1)}px`,
    );
    return particle;
  });
  layer.replaceChildren(glow, span('sparkle-flash absolute inset-0 rounded-md bg-white'), ...particles);
}

/**
 * Plays the celebration in `wrapper` (SPARKLE_SELECTOR, with its layer inside):
 * a quiet chime, a purple glow, a white flash and sparkles while it shrinks slightly; after the intensity's
 * delay it returns to idle and calls `act`. Under prefers-reduced-motion it acts at once, without the show.
 * A press while it plays changes nothing. Returns a function that stops it without acting.
 */
export function celebrate(wrapper: HTMLElement, act: () => void): () => void {
  if (wrapper.dataset.state === 'celebrating') return () => {};
  if (prefersReducedMotion()) {
    act();
    return () => {};
  }
  const intensity = sparkleIntensity(wrapper.dataset.sparkle);
  const layer = wrapper.querySelector(LAYER_SELECTOR);
  const settle = () => {
    layer?.replaceChildren();
    wrapper.classList.remove(CELEBRATING_CLASS);
    wrapper.dataset.state = 'idle';
  };
  playChime();
  if (layer) drawCelebration(layer, intensity);
  wrapper.classList.add(CELEBRATING_CLASS);
  wrapper.dataset.state = 'celebrating';
  const timer = setTimeout(() => {
    settle();
    act();
  }, SPARKLE_SETTINGS[intensity].delayMs);
  return () => {
    clearTimeout(timer);
    settle();
  };
}
