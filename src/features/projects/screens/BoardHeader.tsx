/** The board's title, actions (WIP limits, back to the project) and filters: memoised, so a move does not re-render them. */
import { memo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, PROJECT_LIMITS, type Board, type WipLimits } from '@contracts/projects';
import { ANY, NONE, type BoardFilters, type KanbanBoardEvent } from '../machines/kanban-board.machine';
import { Alert, Breadcrumbs, Button, Dialog, DialogTrigger, FilterBar, LinkButton, NumberField, PageHeader, SearchField, Select } from '@/shared/ui/components';

export type LimitsForm = { isOpen: boolean; saving: boolean; error: string | null };

export const BoardHeader = memo(function BoardHeader({
  board: data,
  cardCount,
  filters,
  limits,
  send,
}: {
  board: Board;
  cardCount: number;
  filters: BoardFilters;
  limits: LimitsForm;
  send: (event: KanbanBoardEvent) => void;
}) {
  const id = data.project.id;
  return (
    <>
      <PageHeader
        title={data.project.name}
        subtitle={`${data.project.company_name} · ${cardCount} card${cardCount === 1 ? '' : 's'}`}
        breadcrumbs={<Breadcrumbs items={[{ label: 'Projects', href: '/project/search' }, { label: data.project.name, href: `/project/${id}` }, { label: 'Board' }]} />}
        actions={
          <>
            <WipLimitsDialog limits={data.project.wip_limits} form={limits} send={send} />
            <LinkButton href={`/project/${id}`} variant="secondary">
              Project
            </LinkButton>
          </>
        }
      />
      <FilterBar label="Filter cards">
        <SearchField label="Search cards" placeholder="Search cards" onDebouncedChange={(text) => send({ type: 'filter.change', filters: { text } })} />
        <Select
          label="Assignee"
          items={[{ id: ANY, label: 'Anyone' }, { id: NONE, label: 'Unassigned' }, ...data.staff.map((p) => ({ id: String(p.id), label: p.name }))]}
          value={filters.assignee}
          onChange={(k: Key | null) => send({ type: 'filter.change', filters: { assignee: String(k ?? ANY) } })}
        />
        <Select
          label="Sprint"
          items={[{ id: ANY, label: 'Any sprint' }, { id: NONE, label: 'No sprint' }, ...data.sprints.map((s) => ({ id: String(s.id), label: `${s.name}${s.status === 'closed' ? ' (closed)' : ''}` }))]}
          value={filters.sprint}
          onChange={(k: Key | null) => send({ type: 'filter.change', filters: { sprint: String(k ?? ANY) } })}
        />
      </FilterBar>
    </>
  );
});

/** The WIP limits dialog: the board machine opens, saves and closes it (and says so); what is typed starts from the saved limits each time it opens. */
function WipLimitsDialog({ limits, form, send }: { limits: WipLimits; form: LimitsForm; send: (event: KanbanBoardEvent) => void }) {
  return (
    <DialogTrigger isOpen={form.isOpen} onOpenChange={(open) => send({ type: open ? 'limits.open' : 'limits.close' })}>
      <Button variant="secondary">WIP limits</Button>
      {/* A new draft each time the dialog opens: it starts from the saved limits. */}
      <LimitsFields key={form.isOpen ? 'open' : 'closed'} limits={limits} form={form} send={send} />
    </DialogTrigger>
  );
}

/** The dialog and the limits as typed. */
function LimitsFields({ limits, form, send }: { limits: WipLimits; form: LimitsForm; send: (event: KanbanBoardEvent) => void }) {
  const [draft, setDraft] = useState<WipLimits>(limits);
  return (
    <Dialog
      title="Work-in-progress limits"
      description="A column over its limit shows a warning. Leave a column empty for no limit."
      size="sm"
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>Cancel</Button>
          <Button variant="primary" isDisabled={form.saving} onPress={() => send({ type: 'limits.save', limits: draft })}>
            Save limits
          </Button>
        </>
      )}
    >
      {form.error ? <Alert tone="danger" title={form.error} live /> : null}
      {BOARD_COLUMNS.map((c) => (
        <NumberField
          key={c}
          label={BOARD_COLUMN_LABELS[c]}
          minValue={1}
          maxValue={PROJECT_LIMITS.wipLimitMax}
          value={draft[c] ?? Number.NaN}
          onChange={(v) => setDraft((d) => ({ ...d, [c]: Number.isNaN(v) ? undefined : v }))}
        />
      ))}
    </Dialog>
  );
}
