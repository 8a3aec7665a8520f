import { DEFAULT_CLOSE_LABEL, REGIONS, REGION_ATTRIBUTE, TOASTER_CLASS, type ToastKind } from '../lib/toast.ts';

interface ToasterProps {
  /** The accessible name of each toast's close button. */
  closeLabel?: string;
}

/**
 * The empty live regions that templates/lib/toast.ts fills. They are in the
 * server HTML so that assistive technology is already watching them when the
 * first toast arrives: success is polite (status), error interrupts (alert).
 */
export function Toaster({ closeLabel = DEFAULT_CLOSE_LABEL }: ToasterProps) {
  const kinds = Object.keys(REGIONS) as ToastKind[];
  return (
    <div className={TOASTER_CLASS} data-close-label={closeLabel}>
      {kinds.map((kind) => (
        <div key={kind} className={`${TOASTER_CLASS}__region`} {...{ [REGION_ATTRIBUTE]: kind }} role={REGIONS[kind].role} aria-live={REGIONS[kind].live} />
      ))}
    </div>
  );
}
