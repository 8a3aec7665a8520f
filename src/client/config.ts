/** The settings the document shell writes for the runtime (see src/render/document.tsx). */
export interface RuntimeConfig {
  /** Each client script's settings, by the name of the integration that gave it (src/integrations/api.ts `client`). */
  client?: Record<string, unknown>;
}

export const CONFIG_ELEMENT_ID = 'sitegen-config';

/** Read from a JSON data element, not inline code, so the CSP needs no hash for it and content cannot inject script. */
export function readConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as RuntimeConfig) : {};
}
