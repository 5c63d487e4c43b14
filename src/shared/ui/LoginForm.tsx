import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LoginRequest } from '@contracts/auth';
import { LIMITS } from '@contracts/common/constants';

type Props = {
  heading: ReactNode;
  subtitle?: ReactNode;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (credentials: LoginRequest) => void;
  children?: ReactNode;
};

/** The email-and-password form of the staff sign-in and the client login. What was typed stays on failure. */
export function LoginForm({ heading, subtitle, submitLabel, busy, error, onSubmit, children }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ email, password });
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-describedby={error ? errorId : undefined} noValidate>
        <img className="brand-mark" src="/logo.svg" alt="" width={48} height={48} />
        <h1>{heading}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
        {error ? (
          <div id={errorId} className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        <LoginField name="email" label="Email" type="email" autoComplete="username" maxLength={LIMITS.email} value={email} onChange={setEmail} />
        <LoginField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={setPassword}
        />
        <button className="btn" type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </form>
    </main>
  );
}

/** One labelled field of the sign-in form (`login-email`, `login-password`). */
function LoginField(props: { name: string; label: string; type: string; autoComplete: string; maxLength: number; value: string; onChange: (value: string) => void }) {
  const id = `login-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        maxLength={props.maxLength}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
