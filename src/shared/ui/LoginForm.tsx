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
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={LIMITS.email}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITS.passwordMax}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button className="btn" type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </form>
    </main>
  );
}
