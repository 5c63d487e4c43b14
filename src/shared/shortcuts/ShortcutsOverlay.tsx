import { Fragment } from 'react';
import { Dialog } from '@/shared/ui/components/dialog/Dialog';
import { SHORTCUTS, type Shortcut } from './registry';
import styles from './Shortcuts.module.css';

const WHERE: Shortcut['where'][] = ['Anywhere', 'Lists', 'On a ticket'];

/** One way to press a shortcut: key caps, "then" between the keys of a sequence, "+" inside a chord. */
function Keys({ way }: { way: readonly string[] }) {
  const chord = way[0] === 'Ctrl';
  return (
    <>
      {way.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? <span>{chord ? '+' : 'then'}</span> : null}
          <kbd className={styles.kbd}>{key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The "?" overlay: every shortcut of SHORTCUTS, grouped by where it works. */
export default function ShortcutsOverlay({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" description="They work whenever you are not typing in a field." size="sm" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className={styles.list}>
        {WHERE.map((where) => (
          <section key={where} className={styles.group} aria-labelledby={`shortcuts-${where.replaceAll(' ', '-')}`}>
            <h3 id={`shortcuts-${where.replaceAll(' ', '-')}`} className={styles.groupTitle}>
              {where}
            </h3>
            <dl>
              {SHORTCUTS.filter((s) => s.where === where).map((s) => (
                <div key={s.id} className={styles.row}>
                  <dt>{s.description}</dt>
                  <dd className={styles.keys}>
                    {s.keys.map((way, i) => (
                      <Fragment key={way.join(' ')}>
                        {i > 0 ? <span>or</span> : null}
                        <Keys way={way} />
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
