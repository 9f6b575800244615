// React's renderer as a file of its own (boot.ts asks for it on its own): setting it up is ~15 ms of
// script on this machine, ~60 ms on Lighthouse's slow phone, which in main.tsx's file made main's task
// one of a signed-in page's longest.
export { createRoot } from 'react-dom/client';
