/** The overlay's stylesheet, served as /__sitegen/overlay.css (pages allow stylesheets from 'self', never inline style). */
export const OVERLAY_CSS = `:host {
  position: fixed; inset: 0; z-index: 2147483647; overflow: auto;
  background: rgb(0 0 0 / 0.66); font: 16px/1.5 system-ui, sans-serif;
}
.panel {
  box-sizing: border-box; max-width: 60rem; margin: 4vh auto; padding: 1.5rem 2rem;
  background: #1b1b1f; color: #f2f2f2; border-top: 6px solid #ff5c5c; border-radius: 6px;
  box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.5);
}
.panel:focus { outline: 3px solid #ffd166; outline-offset: 2px; }
h2 { margin: 0 0 0.5rem; font-size: 1.25rem; color: #ff8a8a; }
pre {
  margin: 1rem 0 0; padding: 1rem; overflow-x: auto; white-space: pre; background: #0d0d10; color: #f2f2f2;
  border-radius: 4px; font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
.close {
  margin-top: 1rem; padding: 0.4rem 1rem; font: inherit; color: #1b1b1f; background: #f2f2f2;
  border: 0; border-radius: 4px; cursor: pointer;
}
.close:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
`;
