import { useEffect, useRef } from 'react';

/** A modal alert with one OK button (spec 2.7 default); Escape closes it too. */
export function AlertDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ok.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="survey-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="survey-alert-text"
        className="survey-alert"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          // The only focusable element is OK: keep focus inside the dialog.
          if (e.key === 'Tab') {
            e.preventDefault();
            ok.current?.focus();
          }
        }}
      >
        <p id="survey-alert-text">{message}</p>
        <button ref={ok} type="button" className="survey-button" onClick={onClose}>
          OK
        </button>
      </div>
    </div>
  );
}
