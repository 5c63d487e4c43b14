import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { inspection, type LiveActor } from '@/shared/inspection';
import { DIAGRAM_STYLE, graphToSvg, machineToGraph } from '@/shared/machines/diagram';
import { machineRegistryEntries, type RegisteredMachine } from '@/shared/machine-registry';
import { Badge, Button, Card, PageHeader } from '@/shared/ui/components';
import { formatTime } from '@/shared/ui/tokens/format';
import { ScrollBox } from '@/shared/ui/ScrollBox';
import styles from './MachinesScreen.module.css';

function downloadSvg(fileName: string, svg: string) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

const shortState = (ids: string[]) =>
  ids
    .filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}.`)))
    .map((id) => id.split('.').slice(1).join('.'))
    .join(', ');

function MachineCard({ entry, live }: { entry: RegisteredMachine; live: LiveActor | undefined }) {
  const graph = useMemo(() => machineToGraph(entry.machine), [entry.machine]);
  const active = live?.activeIds;
  const svg = useMemo(() => graphToSvg(graph, { active: active ?? [], embedStyle: false }), [graph, active]);
  const headingId = `machine-${entry.id}`;
  const running = live && live.actorRef.getSnapshot().status === 'active';
  return (
    <section className={styles.machine} aria-labelledby={`${headingId}-title`} data-machine={entry.id}>
      <Card
        id={headingId}
        title={<code className={styles.id}>{entry.id}</code>}
        description={entry.description}
        actions={
          <Button size="sm" variant="secondary" onPress={() => downloadSvg(`${entry.id}.svg`, graphToSvg(graph))}>
            Download {entry.id}.svg
          </Button>
        }
      >
        {live ? (
          <div className={styles.live}>
            <p className={styles.state}>
              <Badge tone={running ? 'success' : 'neutral'} marker="dot">
                {running ? 'Running in this tab' : 'Last seen in this tab'}
              </Badge>{' '}
              current state: <strong data-testid={`current-state-${entry.id}`}>{shortState(live.activeIds)}</strong>
            </p>
            <h3 className={styles.subheading}>Recent events</h3>
            <ScrollBox label={`Recent events of ${entry.id}`} axis="both" className={styles.log}>
              <ol aria-label={`Recent events of ${entry.id}`}>
                {live.log.map((e, i) => (
                  <li key={`${e.at}-${i}`}>
                    <code>{e.type}</code> <time dateTime={new Date(e.at).toISOString()}>{formatTime(e.at)}</time>
                  </li>
                ))}
              </ol>
            </ScrollBox>
          </div>
        ) : (
          <p className={styles.idle}>Not running in this tab.</p>
        )}
        {/* A wide diagram scrolls sideways; the region takes focus so the keyboard can scroll it. */}
        <div className={styles.diagram} role="region" aria-label={`Diagram of ${entry.id}`} tabIndex={0} dangerouslySetInnerHTML={{ __html: svg }} />
      </Card>
    </section>
  );
}

/**
 * The page's CSP refuses an inline `<style>` inside the diagrams, so their stylesheet is adopted
 * through the CSSOM while the screen is shown.
 */
function useDiagramStyle() {
  useEffect(() => {
    if (!('adoptedStyleSheets' in document) || typeof CSSStyleSheet === 'undefined') return undefined;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(DIAGRAM_STYLE);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, []);
}

/** /qa/machines: every registered machine drawn from its definition, with the live state of this tab. */
export default function MachinesScreen() {
  useDiagramStyle();
  const live = useSyncExternalStore(inspection.subscribe, inspection.getSnapshot);
  const byMachine = useMemo(() => {
    const map = new Map<string, LiveActor>();
    // The latest actor of each machine wins (a screen's machine is re-created when revisited).
    for (const actor of live) map.set(actor.machineId, actor);
    return map;
  }, [live]);
  const entries = machineRegistryEntries();
  return (
    <div className={styles.page}>
      <PageHeader title="Machines" subtitle={`The ${entries.length} statecharts of the portal, drawn from the machine definitions. Hover a state or an arrow for its description.`} />
      {entries.map((entry) => (
        <MachineCard key={entry.id} entry={entry} live={byMachine.get(entry.machine.id)} />
      ))}
    </div>
  );
}
