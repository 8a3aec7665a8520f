/** A phone number as a tel: link, with non-breaking spaces so the number never wraps between its groups. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone.replace(/ /g, '\u00a0')}</a>;
}
