export type SocialIconName = 'linkedin' | 'x' | 'youtube' | 'instagram' | 'facebook';

// Simple 24×24 glyphs; the link around each carries the accessible name.
const PATHS: Record<SocialIconName, string> = {
  linkedin: 'M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm-2 6h4v12H2V9Zm7 0h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9V9Z',
  x: 'M3 3h5l4.5 6.2L18 3h3l-7.2 8.2L21.5 21h-5l-4.9-6.7L5.8 21H3l7.4-8.4L3 3Z',
  youtube: 'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12c0 1.3.1 2.6.4 3.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.3-1.2.4-2.5.4-3.8s-.1-2.6-.4-3.8ZM10 15.2V8.8l5.2 3.2L10 15.2Z',
  instagram: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm5.5-3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  facebook: 'M14 8V6c0-.8.2-1.3 1.4-1.3H17V1.2c-.3 0-1.3-.2-2.5-.2C12 1 10.3 2.5 10.3 5.3V8H7.5v3.8h2.8V23H14V11.8h2.9l.4-3.8H14Z',
};

export function SocialIcon({ name }: { name: SocialIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
