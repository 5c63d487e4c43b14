import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button, IconButton } from '@/shared/ui/components/button/Button';
import { cx } from '@/shared/ui/components/cx';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@/shared/ui/components/icons';
import { toastQueue, type Toast, type ToastQueue, type ToastTone } from './toast';
import styles from './Toast.module.css';

const ICONS: Record<ToastTone, typeof InfoIcon> = { success: SuccessIcon, error: ErrorIcon, warning: WarningIcon, info: InfoIcon };

/** Regions mounted right now: only the first shows toasts, so a screen may mount one defensively. */
let mounted = 0;

/** One toast: its tone's icon and accent, the title, the description, an action and the close button. */
export function ToastCard({ toast, queue }: { toast: Toast; queue: ToastQueue }) {
  const Icon = ICONS[toast.tone];
  return (
    <li className={cx(styles.toast, styles[toast.tone])} data-tone={toast.tone}>
      <Icon className={styles.icon} />
      <div className={styles.content}>
        <span className={styles.title}>
          {toast.title}
          {toast.count > 1 ? (
            <>
              <span className={styles.count} aria-hidden="true">
                ×{toast.count}
              </span>
              <span className="sr-only"> ({toast.count} times)</span>
            </>
          ) : null}
        </span>
        {toast.description ? <span className={styles.description}>{toast.description}</span> : null}
        {toast.action ? (
          <Button
            size="sm"
            className={styles.action}
            onPress={() => {
              toast.action!.onAction();
              queue.close(toast.id);
            }}
          >
            {toast.action.label}
          </Button>
        ) : null}
      </div>
      <IconButton aria-label={`Dismiss: ${toast.title}`} size="sm" className={styles.close} onPress={() => queue.close(toast.id)}>
        <CloseIcon />
      </IconButton>
    </li>
  );
}

/**
 * Shows the toast queue (mount once, near the root). Messages are announced through live regions
 * that exist before any toast (polite for success and info, assertive for errors and warnings);
 * pointer over or focus inside the region pauses the timers.
 */
export function ToastRegion({ queue = toastQueue }: { queue?: ToastQueue }) {
  const toasts = useSyncExternalStore(queue.subscribe, queue.visible, queue.visible);
  const [primary, setPrimary] = useState(false);
  const hovered = useRef(false);
  const focused = useRef(false);
  const [announced, setAnnounced] = useState({ polite: '', assertive: '' });
  const seen = useRef(new Set<string>());

  useEffect(() => {
    mounted += 1;
    setPrimary(mounted === 1);
    return () => {
      mounted -= 1;
    };
  }, []);

  useEffect(() => {
    // A repeat (its count went up) is news too: it is announced again.
    const fresh = toasts.filter((t) => !seen.current.has(`${t.id}:${t.count}`));
    fresh.forEach((t) => seen.current.add(`${t.id}:${t.count}`));
    const last = fresh.at(-1);
    if (!last) return;
    const said = last.description ? `${last.title}. ${last.description}` : last.title;
    const text = last.count > 1 ? `${said} (${last.count} times)` : said;
    const urgent = last.tone === 'error' || last.tone === 'warning';
    setAnnounced(urgent ? { polite: '', assertive: text } : { polite: text, assertive: '' });
  }, [toasts]);

  useEffect(() => {
    // The region leaves the page with its last toast, without a pointerleave or blur: start afresh.
    if (toasts.length === 0 && (hovered.current || focused.current)) {
      hovered.current = false;
      focused.current = false;
      queue.resume();
    }
  }, [toasts, queue]);

  const sync = () => {
    if (hovered.current || focused.current) queue.pause();
    else queue.resume();
  };

  if (!primary) return null;
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announced.polite}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true">
        {announced.assertive}
      </div>
      {toasts.length ? (
        <section
          aria-label="Notifications"
          className={styles.region}
          onPointerEnter={() => {
            hovered.current = true;
            sync();
          }}
          onPointerLeave={() => {
            hovered.current = false;
            sync();
          }}
          onFocus={() => {
            focused.current = true;
            sync();
          }}
          onBlur={(e) => {
            if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
            focused.current = false;
            sync();
          }}
        >
          <ol className={styles.list}>
            {toasts.map((t) => (
              <ToastCard key={t.id} toast={t} queue={queue} />
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
