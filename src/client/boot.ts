import './styles.css';

// The app's first script. The stylesheet is linked from the HTML through it, so a prerendered shell
// (app-shells.tsx) paints styled, and its first paint waits for nothing else.
const root = document.getElementById('root');

/** A task boundary: the browser may paint and answer input before what follows. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Links added per task: each costs the page's script ~0.5-1 ms, which 36 at once make a long task. */
const LINKS_PER_TASK = 6;

// Design.md section 8: a long task is a tap left unanswered on a slow phone, so the app's start is cut
// into short ones. A shell's HTML lists every file its page needs (data-preload), each after the files it
// imports (scripts/prerender.mjs). All are asked for at once, a few links per task, then run one file per
// task in that order: running a file whose imports have run runs that file alone. The router comes first
// (it asks for the session and the page's data), then the page's code, React's renderer, and the app's
// start (main.tsx) last.
async function startInSteps(files: string[]) {
  for (let i = 0; i < files.length; i += LINKS_PER_TASK) {
    for (const href of files.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    await nextTask();
  }
  for (const file of files) {
    await import(/* @vite-ignore */ file);
    await nextTask();
  }
}

const files = root?.dataset.preload?.split(' ').filter(Boolean) ?? [];
if (root?.dataset.shell === undefined || files.length === 0) {
  // Without a shell there is nothing to paint first. React's renderer and the router are asked for on
  // their own: each runs in a task of its own as it comes (the router asks for the session meanwhile),
  // and main.tsx is what is left.
  void import('./renderer');
  void import('./router');
  void import('./main');
}
// After the shell's first paint (a frame's callbacks run before it paints; a task queued from one runs
// after), so that the first paint waits for no script.
else requestAnimationFrame(() => setTimeout(() => void startInSteps(files), 0));
