import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { inspection, type LiveActor } from '@/shared/inspection';
import { DIAGRAM_STYLE, graphToSvg, machineToGraph } from '@/shared/machines/diagram';
import { machineRegistryEntries, type RegisteredMachine } from '@/shared/machine-registry';

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
    <section className="card machine-card" aria-labelledby={headingId} data-machine={entry.id}>
      <h2 id={headingId}>{entry.id}</h2>
      <p>{entry.description}</p>
      {live ? (
        <div className="machine-live">
          <p>
            {running ? 'Running in this tab' : 'Last seen in this tab'}, current state:{' '}
            <strong data-testid={`current-state-${entry.id}`}>{shortState(live.activeIds)}</strong>
          </p>
          <h3>Recent events</h3>
          <ol aria-label={`Recent events of ${entry.id}`}>
            {live.log.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <code>{e.type}</code> <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleTimeString()}</time>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p>Not running in this tab.</p>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => downloadSvg(`${entry.id}.svg`, graphToSvg(graph))}>
        Download {entry.id}.svg
      </button>
      {/* A wide diagram scrolls sideways; the region takes focus so the keyboard can scroll it. */}
      <div
        className="machine-diagram"
        role="region"
        aria-label={`Diagram of ${entry.id}`}
        tabIndex={0}
        style={{ overflowX: 'auto' }}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
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
  return (
    <>
      <h1>Machines</h1>
      <p>The statecharts of the portal, drawn from the machine definitions. Hover a state or an arrow for its description.</p>
      {machineRegistryEntries().map((entry) => (
        <MachineCard key={entry.id} entry={entry} live={byMachine.get(entry.machine.id)} />
      ))}
    </>
  );
}
