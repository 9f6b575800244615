import './styles.css';

// The app's first script. The stylesheet is linked from the HTML through it, so a prerendered shell
// (app-shells.tsx) paints styled. With a shell, the app's code is asked for only after that first
// paint: on a slow link the shell's stylesheet and text then have the line to themselves, and the
// reader sees the page's heading at once; the page's own code (listed by the build in data-preload) is
// asked for beside the app's rather than after it. Without a shell there is nothing to paint first.
const root = document.getElementById('root');

function load() {
  for (const href of root?.dataset.preload?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // React and the router asked for on their own too: each is run as soon as it is here, in a task of its
  // own, rather than all of the app's code in one long task once the last file comes (a long task is a
  // tap left unanswered on a slow phone). The app then runs only what is left.
  void import('react-dom/client');
  void import('./router');
  void import('./main');
}

if (root?.dataset.shell === undefined) load();
// A frame's callbacks run before it paints; a task queued from one runs after.
else requestAnimationFrame(() => setTimeout(load, 0));
