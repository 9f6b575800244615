import { isModifiedClick } from '@client/lib/clicks';
import { useNavigation } from '@client/lib/navigation';
import { celebrate, type SparkleIntensity } from '@client/lib/sparkle';
import { cn } from '@client/lib/utils';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './button';

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
 * A button that celebrates before it acts (docs/architecture.md#states): the celebration itself is
 * `celebrate` (lib/sparkle.ts), which draws into the empty layer below, so that a marketing page can play
 * it with no React (docs/decisions/080-marketing-pages-on-astro.md). React renders the wrapper `idle` and
 * never re-renders the layer's children, which belong to `celebrate` alone.
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
  const wrapper = useRef<HTMLSpanElement>(null);
  const stop = useRef<() => void>(undefined);
  useEffect(() => () => stop.current?.(), []);

  const act = () => {
    onClick?.();
    if (to) void navigate(to);
  };

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (to && isModifiedClick(event)) return;
    event.preventDefault();
    if (wrapper.current) stop.current = celebrate(wrapper.current, act);
  };

  const classes = buttonVariants({ variant, size, className: 'relative w-full' });
  const content = (
    <>
      <span aria-hidden="true" data-sparkle-layer="" className="pointer-events-none absolute inset-0" />
      <span className="relative inline-flex items-center gap-2">{children}</span>
    </>
  );

  return (
    <span
      ref={wrapper}
      data-state="idle"
      data-sparkle={intensity}
      className={cn('inline-flex transition-transform duration-200 ease-out', className)}
    >
      {to ? (
        <Link to={to} className={classes} onClick={handleClick}>
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
