import { prefersReducedMotion } from '@client/lib/motion';
import { useNavigation } from '@client/lib/navigation';
import { cn } from '@client/lib/utils';
import { type CSSProperties, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './button';

type SparkleIntensity = 'low' | 'medium' | 'high';

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

type Particle = { id: number; style: CSSProperties };

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

// Runs in the click handler, never during render, so server and browser render the same markup.
function makeParticles(count: number): Particle[] {
  const rand = (min: number, max: number) => min + Math.random() * (max - min);
  return Array.from({ length: count }, (_, id) => {
    const size = rand(1, 4);
    return {
      id,
      style: {
        width: size,
        height: size,
        backgroundColor: PARTICLE_COLOURS[id % PARTICLE_COLOURS.length],
        animationDelay: `${rand(0, PARTICLE_MAX_DELAY_S).toFixed(2)}s`,
        '--sparkle-dx': `${rand(-PARTICLE_TRAVEL_PX, PARTICLE_TRAVEL_PX).toFixed(1)}px`,
        '--sparkle-dy': `${rand(-PARTICLE_TRAVEL_PX, PARTICLE_TRAVEL_PX).toFixed(1)}px`,
      } as CSSProperties,
    };
  });
}

type SparkleButtonProps = {
  children: ReactNode;
  intensity?: SparkleIntensity;
  /** A page to go to after the celebration: rendered as a link, so it also works before scripts run. */
  to?: string;
  /** The click action, fired after the celebration (with `to`, before navigating). */
  onClick?: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** For the wrapper around the button: margins, width. */
  className?: string;
};

/**
 * A button that celebrates before it acts (docs/architecture.md#states): a quiet chime, a purple glow, a white
 * flash and sparkles while it shrinks slightly; after the intensity's delay it returns to idle and fires
 * the click action. Under prefers-reduced-motion it acts at once, without the show.
 */
export function SparkleButton({
  children,
  intensity = 'medium',
  to,
  onClick,
  variant,
  size,
  className,
}: SparkleButtonProps) {
  const { navigate, Link } = useNavigation();
  const [particles, setParticles] = useState<Particle[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const settings = SPARKLE_SETTINGS[intensity];
  const celebrating = particles !== null;

  const act = () => {
    onClick?.();
    if (to) void navigate(to);
  };

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    // A new tab or window is the browser's business; a second click mid-celebration changes nothing.
    if (to && modified) return;
    event.preventDefault();
    if (celebrating) return;
    if (prefersReducedMotion()) return act();
    playChime();
    setParticles(makeParticles(settings.particles));
    timer.current = setTimeout(() => {
      setParticles(null);
      act();
    }, settings.delayMs);
  };

  const classes = buttonVariants({ variant, size, className: 'relative w-full' });
  const content = (
    <>
      {particles ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-0">
          <span
            className="sparkle-glow absolute inset-0 rounded-md bg-purple-500 blur-md"
            style={
              {
                '--sparkle-glow-scale': settings.glowScale,
                '--sparkle-glow-opacity': settings.glowOpacity,
              } as CSSProperties
            }
          />
          <span className="sparkle-flash absolute inset-0 rounded-md bg-white" />
          {particles.map((p) => (
            <span
              key={p.id}
              className="sparkle-particle absolute top-1/2 left-1/2 rounded-full"
              style={p.style}
            />
          ))}
        </span>
      ) : null}
      <span className="relative inline-flex items-center gap-2">{children}</span>
    </>
  );

  return (
    <span
      data-state={celebrating ? 'celebrating' : 'idle'}
      className={cn(
        'inline-flex transition-transform duration-200 ease-out',
        celebrating && 'scale-95',
        className,
      )}
    >
      {to ? (
        // On a prerendered page a click before React runs waits for it (entry-marketing.ts): the
        // celebration is not skipped.
        <Link to={to} className={classes} onClick={handleClick} data-replay-click="">
          {content}
        </Link>
      ) : (
        <button type="button" className={classes} onClick={handleClick}>
          {content}
        </button>
      )}
    </span>
  );
}
