// React's renderer as a file of its own (boot.ts asks for it on its own): setting it up is ~10-20 ms of
// script on a slow phone's start, which in main.tsx's file made main's task one of the page's longest.
export { createRoot } from 'react-dom/client';
