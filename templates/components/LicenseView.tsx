import { useEffect, useRef } from 'react';
import { fillParts, fillText, type License } from '../lib/license-text.ts';

/** The words of the license view (content/pages/customerlogin.yaml `license`); the values come from the API. */
export interface LicenseCopy {
  route: string;
  title: string;
  heading: string;
  confirmation: string;
  caption: string;
  rows: { label: string; value: string }[];
}

/** 'LICENSE ISSUED', the confirmation sentence and the table, from the details the login answer carried. */
export function LicenseView({ copy, license }: { copy: LicenseCopy; license: License }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The view replaced the form without a page load: move focus as a page load would.
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="license">
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
