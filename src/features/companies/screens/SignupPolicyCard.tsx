/**
 * Who may sign up to the company's client portal with its account number: nobody, anyone once
 * staff approve (the default), or at once an address at the company's own email domains.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { SIGNUP_POLICIES, SIGNUP_POLICY_LABELS, type Company, type SignupPolicy } from '@contracts/companies';
import { selectChanging, selectFailureOf, type CompanyPageActor } from '../machines/company-page.machine';
import styles from './CompanyViewScreen.module.css';
import { Alert, Button, Card, Form, FormActions, Radio, RadioGroup, TextArea, TextLink } from '@/shared/ui/components';

/** The first error the server named for a field or one of its items ("signup_domains.1"). */
const errorOf = (fields: Record<string, string>, name: string) => fields[name] ?? Object.entries(fields).find(([k]) => k.startsWith(`${name}.`))?.[1];

/** Keyed by the saved policy: it starts again from what was saved whenever that changes. */
export function SignupPolicyCard({ page, company }: { page: CompanyPageActor; company: Company }) {
  return <SignupPolicyForm key={`${company.signup_policy}:${company.signup_domains.join(',')}`} page={page} company={company} />;
}

function SignupPolicyForm({ page, company: c }: { page: CompanyPageActor; company: Company }) {
  const busy = useSelector(page, selectChanging);
  const failure = useSelector(page, selectFailureOf('signup'));
  const fieldErrors = failure?.fieldErrors ?? {};
  const [policy, setPolicy] = useState<SignupPolicy>(c.signup_policy);
  const [domains, setDomains] = useState(c.signup_domains.join('\n'));
  const domainsError = errorOf(fieldErrors, 'signup_domains');
  return (
    <Card asRegion id="company-signup" title="Client portal sign-up">
      <p className={styles.lead}>
        Anyone can type this company&apos;s account number ({c.account_number}) on the sign-up page; this decides what that gets them. Requests waiting for
        approval are on <TextLink href={`/client/portal/users?f.company=${c.id}`}>Client Portal Users</TextLink>.
      </p>
      <Form
        aria-label="Client portal sign-up"
        onSubmit={(e) => {
          e.preventDefault();
          page.send({ type: 'signup.save', payload: { signup_policy: policy, signup_domains: domains.split(/[\s,;]+/).filter(Boolean) } });
        }}
      >
        {failure && !domainsError ? <Alert tone="danger" live title={failure.error} /> : null}
        <RadioGroup label="Who may sign up" name="signup_policy" value={policy} onChange={(v) => setPolicy(v as SignupPolicy)} errorMessage={fieldErrors.signup_policy}>
          {SIGNUP_POLICIES.map((p) => (
            <Radio key={p} value={p}>
              {SIGNUP_POLICY_LABELS[p]}
            </Radio>
          ))}
        </RadioGroup>
        <TextArea
          label="Company email domains (one per line, such as example.com)"
          name="signup_domains"
          rows={3}
          value={domains}
          onChange={setDomains}
          description={policy === 'email_domains' ? undefined : 'Used only when sign-ups at the company’s email domains are taken at once.'}
          errorMessage={domainsError}
        />
        {domainsError ? (
          <p role="alert" className={styles.srOnly}>
            {domainsError}
          </p>
        ) : null}
        <FormActions align="start">
          <Button type="submit" variant="primary" isDisabled={busy}>
            Save sign-up policy
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
