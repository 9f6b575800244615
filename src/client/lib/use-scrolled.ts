import { useEffect, useState } from 'react';

/** Whether the page is scrolled past `threshold` px; re-renders only when that flips. */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    // The first reading waits for the next frame to be laid out: read at once, right after React puts a
    // new page in, scrollY makes the browser lay out that whole page inside React's task (a long task on
    // a slow phone), where the frame would have done it anyway.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(update, 0);
    });
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return scrolled;
}
