import { useState, type FormEvent, type ReactNode } from 'react';
import type { LoginRequest } from '@contracts/auth';
import { LIMITS } from '@contracts/common/constants';
import { Button, FormErrorBanner, Logo, TextField } from '@/shared/ui/components';
import styles from './LoginForm.module.css';

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ email, password });
  };

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="login-heading">
        <Logo size={48} />
        <h1 id="login-heading" className={styles.heading}>
          {heading}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        <FormErrorBanner title={error ?? undefined} />
        <TextField id="login-email" name="email" label="Email" type="email" autoComplete="username" maxLength={LIMITS.email} value={email} onChange={setEmail} />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} isDisabled={busy}>
          {submitLabel}
        </Button>
        {children}
      </form>
    </main>
  );
}
