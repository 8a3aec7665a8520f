/** Where `sitegen dev` serves the browser editor (src/edit/edit-server.ts): beside dev's own endpoints, never in a build's output. */
export const EDIT_PATH = '/__sitegen/edit';
