import { useEffect, useRef } from 'react';
import { fillParts, fillText, type License } from '../lib/license-text.ts';

/** The words of the license view (content/pages/customerlogin.yaml `license`); the values come from the API. */
export interface LicenseCopy {
  route: string;
  title: string;
  heading: string;
  confirmation: string;
  caption: string;
  /** The portal's bar: "Signed in as", and its two buttons' words. */
  account: { signedInAs: string; signOut: string; print: string };
  rows: { label: string; value: string }[];
}

/**
 * The customer's portal: a bar with who is signed in, Print License and Sign
 * Out, then 'LICENSE ISSUED', the confirmation sentence and the table, from
 * the details the login answer carried. Signing out is the specification's
 * reload: the license lived only in this page's memory.
 */
export function LicenseView({ copy, license, user, onSignOut }: { copy: LicenseCopy; license: License; user: string; onSignOut: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The view replaced the form without a page load: move focus as a page load would.
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="license">
      <div className="license__account" role="group" aria-label={`${copy.account.signedInAs} ${user}`}>
        <p className="license__user">{copy.account.signedInAs} <strong>{user}</strong></p>
        <button type="button" className="button button--secondary license__print" onClick={() => window.print()}>{copy.account.print}</button>
        <button type="button" className="button button--primary license__sign-out" onClick={onSignOut}>{copy.account.signOut}</button>
      </div>
      <h1 className="license__heading" ref={heading} tabIndex={-1}>{copy.heading}</h1>
      <p className="license__confirmation">
        {fillParts(copy.confirmation, license).map((part, index) => (part.field ? <strong key={index}>{part.text}</strong> : part.text))}
      </p>
      <table className="license__table">
        <caption>{copy.caption}</caption>
        <tbody>
          {copy.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{fillText(row.value, license)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
