import { useId, type FormEvent } from 'react';

/** The words of the login form (content/pages/customerlogin.yaml `form`). */
export interface LoginFormCopy {
  heading: string;
  username: string;
  password: string;
  submit: string;
}

interface LoginFormProps {
  copy: LoginFormCopy;
  username: string;
  password: string;
  busy: boolean;
  onChange(field: 'username' | 'password', value: string): void;
  onSubmit(): void;
}

/** Heading Login, the two required fields with visible labels, Submit. */
export function LoginForm({ copy, username, password, busy, onChange, onSubmit }: LoginFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="login form-card" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className="login__heading">{copy.heading}</h1>
      <form className="login__form" onSubmit={submit} aria-busy={busy}>
        <Field id={`${id}-username`} label={copy.username} name="username" type="text" autoComplete="username"
          value={username} onChange={(value) => onChange('username', value)} />
        <Field id={`${id}-password`} label={copy.password} name="password" type="password" autoComplete="current-password"
          value={password} onChange={(value) => onChange('password', value)} />
        <button type="submit" className="button button--primary login__submit" disabled={busy}>{copy.submit}</button>
      </form>
    </section>
  );
}

interface FieldProps {
  id: string;
  label: string;
  name: string;
  type: 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
}

/** A required input with its label; the star is for the eye, `required` is what assistive technology hears. */
function Field({ id, label, name, type, autoComplete, value, onChange }: FieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        <span className="field__star" aria-hidden="true">*</span>
      </label>
      <input id={id} name={name} type={type} className="field__input" required autoComplete={autoComplete}
        autoCapitalize="none" spellCheck={false} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
