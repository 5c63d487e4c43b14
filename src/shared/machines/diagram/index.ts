export { machineToGraph, transitionKey, formatDuration, type MachineGraph, type GraphNode, type GraphEdge } from './graph';
export { DIAGRAM_STYLE, graphToSvg, layoutGraph, escapeXml, type SvgOptions } from './svg';
export { graphToMermaid } from './mermaid';
