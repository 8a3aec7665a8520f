import { useEffect, useState } from 'react';
import { LoginForm, type LoginFormCopy } from '../components/LoginForm.tsx';
import { LicenseView, type LicenseCopy } from '../components/LicenseView.tsx';
import { sealCredentials, type RsaPublicKey } from '../lib/envelope.ts';
import { isLicense, type License } from '../lib/license-text.ts';
import { showToast } from '../lib/toast.ts';

export interface LoginProps {
  loginUrl: string;
  /** The login public key the build embedded; absent only when the site has no api.publicKey. */
  publicKey?: RsaPublicKey;
  form: LoginFormCopy;
  /** 'Incorrect credentials'. */
  failure: string;
  license: LicenseCopy;
  /** The home page's address (the build adds the base path, as to every address in an island's props). */
  home: string;
}

/**
 * The customer login and, after it, the license view. Both live in this one
 * island because the license is known only from the login answer: it is held
 * in memory (the authenticated flag is `license !== null`), shown at
 * license.route through history.pushState without a page load, and gone on
 * reload, when the static /license page sends the visitor to /.
 */
export default function Login({ loginUrl, publicKey, form, failure, license: copy, home }: LoginProps) {
  const [credentials, setCredentials] = useState({ username: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [license, setLicense] = useState<License | null>(null);
  // Who signed in: the username as typed, kept beside the license (and as briefly: in this page's memory only).
  const [user, setUser] = useState('');
  const [showLicense, setShowLicense] = useState(false);

  useEffect(() => {
    const onPopState = () => {
      const atLicense = location.pathname === copy.route;
      // A /license entry without a license in memory is not ours to show: leave as a reload would.
      if (atLicense && !license) return location.replace(home);
      setShowLicense(atLicense);
      window.scrollTo(0, 0);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [copy.route, license, home]);

  useEffect(() => {
    const original = document.title;
    if (showLicense) document.title = copy.title;
    return () => void (document.title = original);
  }, [showLicense, copy.title]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await login(loginUrl, publicKey, credentials).finally(() => setBusy(false));
    if (answer === 'not-sent') return;
    if (answer) {
      setLicense(answer);
      setUser(credentials.username);
      setCredentials({ username: '', password: '' });
      history.pushState({ sitegen: 'license' }, '', copy.route);
      setShowLicense(true);
      window.scrollTo(0, 0);
    } else {
      showToast(failure, 'error');
      setCredentials({ username: '', password: '' });
    }
  };

  // Signing out forgets the license and leaves for the home page, as a reload of /license does (the entry is replaced:
  // Back does not come back to a page whose license is gone).
  const signOut = () => {
    setLicense(null);
    setUser('');
    location.replace(home);
  };

  if (showLicense && license) return <LicenseView copy={copy} license={license} user={user} onSignOut={signOut} />;
  return (
    <LoginForm copy={form} {...credentials} busy={busy} onSubmit={() => void submit()}
      onChange={(field, value) => setCredentials((current) => ({ ...current, [field]: value }))} />
  );
}

/**
 * Seals and posts the credentials. The license on success; undefined when the
 * server said no (statusCode not 200, a non-2xx answer, a network error);
 * 'not-sent' when sealing failed, which the spec only logs.
 */
async function login(url: string, publicKey: RsaPublicKey | undefined, credentials: { username: string; password: string }): Promise<License | undefined | 'not-sent'> {
  let envelope;
  try {
    if (!publicKey) throw new Error('the site was built without a login public key (api.publicKey)');
    envelope = await sealCredentials(credentials, publicKey);
  } catch (error) {
    console.error('Login: encrypting the credentials failed', error);
    return 'not-sent';
  }
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(envelope) });
    const answer: unknown = response.ok ? await response.json() : undefined;
    const { statusCode, license } = (answer ?? {}) as { statusCode?: unknown; license?: unknown };
    return statusCode === 200 && isLicense(license) ? license : undefined;
  } catch {
    return undefined;
  }
}
