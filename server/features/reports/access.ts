/**
 * Who may run which report (docs/adr/0104-report-access.md): the viewer of a run (with the people
 * whose time they may see, by the time feature's own rule), the check of a report and its
 * parameters against its declared rule (a 403 naming the rule, never an empty table), and the
 * catalog as the caller sees it (only what they may run, and whom they may narrow it to).
 */
import { MANAGER_ROLES } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import type { ReportCatalogEntry, ReportParams } from '@contracts/reports';
import { manages, type Person } from '@server/features/time';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { ApiError } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import type { ReportDefinition, ReportViewer } from '@server/platform/reports';

/** Why a report or a parameter was refused, as the 403 says it. */
export const ACCESS_MESSAGES = {
  managers: (title: string) => `${title} shows figures per person: it is for managers and admins, as the management dashboard is`,
  person: "Another person's figures are for managers and admins, as on the management dashboard: leave Assignee empty or choose yourself",
  time: "A person's time is for that person, their manager or an admin: choose yourself or someone you manage",
} as const;

/** The staff member running a report, with the people whose time rows they may read (null: everyone's). */
export async function reportViewer(db: Queryable, me: Pick<StaffPrincipal, 'userId' | 'role'>): Promise<ReportViewer> {
  const { rows } = await db.query<Person>('SELECT id, name, manager_id, email FROM staff_users ORDER BY id');
  const visible = rows.filter((p) => p.id === me.userId || manages(me, p));
  return { userId: me.userId, role: me.role, people: visible.length === rows.length ? null : visible.map((p) => p.id) };
}

const isManager = (viewer: ReportViewer) => MANAGER_ROLES.includes(viewer.role);
const refused = (message: string, field?: string) => new ApiError(403, ERROR_CODES.forbidden, message, field ? { [field]: message } : undefined);

/** True when the report's rows are per-person time (the time rule applies to them). */
export const isTimeRows = (def: Pick<ReportDefinition, 'access'>) => typeof def.access === 'object' && 'rows' in def.access;

/** Refuses (403 naming the rule) a report the viewer may not run, or a person they may not ask for. */
export function authorize(def: ReportDefinition, params: ReportParams, viewer: ReportViewer): void {
  const { access } = def;
  if (access === 'staff') return;
  if (access === 'managers') {
    if (!isManager(viewer)) throw refused(ACCESS_MESSAGES.managers(def.meta.title));
    return;
  }
  const assignee = params.assignee;
  if (assignee === undefined) return;
  if ('person' in access) {
    if (assignee !== viewer.userId && !isManager(viewer)) throw refused(ACCESS_MESSAGES.person, 'assignee');
    return;
  }
  if (viewer.people && !viewer.people.includes(assignee)) throw refused(ACCESS_MESSAGES.time, 'assignee');
}

/** The people the viewer may name as a report's assignee (undefined: anyone). */
function assigneesOf(def: ReportDefinition, viewer: ReportViewer): number[] | undefined {
  if (!def.meta.params.includes('assignee') || typeof def.access !== 'object') return undefined;
  if ('person' in def.access) return isManager(viewer) ? undefined : [viewer.userId];
  return viewer.people ?? undefined;
}

/** A report as the viewer's catalog lists it; null when they may not run it. */
export function catalogEntry(def: ReportDefinition, viewer: ReportViewer): ReportCatalogEntry | null {
  if (def.access === 'managers' && !isManager(viewer)) return null;
  const assignees = assigneesOf(def, viewer);
  return { ...def.meta, access: def.access, ...(assignees ? { assignees } : {}) };
}
