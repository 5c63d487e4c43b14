import { useState, type FormEvent, type ReactNode } from 'react';
import type { LoginRequest } from '@contracts/auth';
import { LIMITS } from '@contracts/common/constants';
// The sign-in page has the tightest JS budget (QUALITY.md): it takes the kit's looks (class names,
// the banner, the logo) over native controls, without react-aria's interaction layer or the barrel.
import { buttonClassName } from '@/shared/ui/components/button/button-class';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import { FormErrorBanner } from '@/shared/ui/components/form/FormErrorBanner';
import { Logo } from '@/shared/ui/components/logo/Logo';
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
        <NativeField id="login-email" name="email" label="Email" type="email" autoComplete="username" maxLength={LIMITS.email} value={email} onChange={setEmail} />
        <NativeField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className={`${buttonClassName({ variant: 'primary', size: 'lg', fullWidth: true })} ${styles.submit}`} disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </form>
    </main>
  );
}

type NativeFieldProps = { id: string; name: string; label: string; type: string; autoComplete: string; maxLength: number; value: string; onChange: (value: string) => void };

/** A labelled input in the kit's field look. */
function NativeField({ label, onChange, ...input }: NativeFieldProps) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={input.id} className={fieldStyles.label}>
        {label}
      </label>
      <input {...input} className={`${fieldStyles.control} ${styles.input}`} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
