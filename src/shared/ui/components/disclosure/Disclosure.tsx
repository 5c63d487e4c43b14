import type { ReactNode } from 'react';
import {
  Button,
  Disclosure as AriaDisclosure,
  DisclosureGroup as AriaDisclosureGroup,
  DisclosurePanel,
  Heading,
  type DisclosureGroupProps,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { ChevronRightIcon } from '@/shared/ui/components/icons';
import styles from './Disclosure.module.css';

export type DisclosureProps = Omit<AriaDisclosureProps, 'className' | 'style' | 'children'> & {
  title: ReactNode;
  children: ReactNode;
  /** The heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** A section that opens and closes under its title (details, advanced options, an FAQ entry). */
export function Disclosure({ title, children, headingLevel = 3, className, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={cx(styles.disclosure, className)}>
      <Heading level={headingLevel} className={styles.heading}>
        <Button slot="trigger" className={styles.trigger}>
          <ChevronRightIcon className={styles.chevron} />
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>
        <div className={styles.panelInner}>{children}</div>
      </DisclosurePanel>
    </AriaDisclosure>
  );
}

/** Several disclosures; with `allowsMultipleExpanded` false, opening one closes the others. */
export function DisclosureGroup(props: Omit<DisclosureGroupProps, 'style'>) {
  return <AriaDisclosureGroup {...props} />;
}
