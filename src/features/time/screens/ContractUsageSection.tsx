import { useActorRef, useSelector } from '@xstate/react';
import { formatHours } from '@contracts/time';
import { companyContractMachine } from '../machines/time.machines';
import { LATE_TIME_NOTE, UsageMeter } from './ManagedServicesScreen';
import styles from './time.module.css';
import { Card, EmptyState, SkeletonText, Stat, TextLink } from '@/shared/ui/components';

/** The company view's "Managed services" section: this month's usage of the company's contract. */
export default function ContractUsageSection({ companyId }: { companyId: number }) {
  const query = useActorRef(companyContractMachine, { input: { query: companyId } });
  const data = useSelector(query, (s) => s.context.data);
  const c = data?.contract;
  return (
    <Card title="Managed services" actions={<TextLink href="/managed/services">All contracts</TextLink>}>
      {!data ? (
        <SkeletonText lines={2} />
      ) : !c ? (
        <EmptyState compact title="No managed-services contract" />
      ) : (
        <div className={styles.stack}>
          <UsageMeter contract={c} />
          <div className={styles.stats}>
            <Stat label="Plan" value={c.plan} />
            <Stat label="Used this month" value={formatHours(c.used_minutes) || '0:00'} hint={`of ${formatHours(c.included_minutes + c.rollover_in_minutes) || '0:00'} included`} />
            <Stat label="Remaining" value={formatHours(c.remaining_minutes) || '0:00'} />
            <Stat label="Overage" value={formatHours(c.overage_minutes) || '0:00'} />
            {c.adjustment_minutes ? <Stat label="Late time" value={formatHours(c.adjustment_minutes)} hint="from closed months, in the used hours" /> : null}
          </div>
          {c.adjustment_minutes ? <p className={styles.muted}>{LATE_TIME_NOTE}</p> : null}
        </div>
      )}
    </Card>
  );
}
