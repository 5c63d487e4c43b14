import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { approvalMachine, refusal, type ApprovalContext, type ApprovalEvent, type ApprovalState, type ResolvedStep } from '@contracts/approvals';

const REQUESTER = 1;
const PEOPLE = [1, 2, 3, 4, 5, 6];

const stepArb: fc.Arbitrary<ResolvedStep> = fc
  .uniqueArray(fc.constantFrom(...PEOPLE), { minLength: 1, maxLength: 4 })
  .chain((ids) =>
    fc.record({
      name: fc.constantFrom('Lead', 'Manager', 'Director'),
      // The engine never names the requester, but the chart must hold even if a policy did.
      approvers: fc.constant(ids.map((id) => ({ id, for: null }))),
      need: fc.integer({ min: 1, max: ids.length }),
      dueHours: fc.constant(null),
    }),
  );

const eventArb = (steps: ResolvedStep[]): fc.Arbitrary<ApprovalEvent> => {
  // The requester acts often, so the sequences reach the moments the guards are for.
  const by = fc.oneof({ arbitrary: fc.constant(REQUESTER), weight: 2 }, { arbitrary: fc.constantFrom(...PEOPLE), weight: 3 });
  return fc.oneof(
    { arbitrary: by.map((b) => ({ type: 'request.submit' as const, by: b, steps })), weight: 3 },
    { arbitrary: by.map((b) => ({ type: 'request.approve' as const, by: b })), weight: 6 },
    by.map((b) => ({ type: 'request.reject' as const, by: b })),
    by.map((b) => ({ type: 'request.sendBack' as const, by: b })),
    by.map((b) => ({ type: 'request.withdraw' as const, by: b })),
    by.map((b) => ({ type: 'request.cancel' as const, by: b })),
    by.map((b) => ({ type: 'request.escalate' as const, approvers: [{ id: b, for: null }] })),
    fc.constant({ type: 'request.apply' as const }),
  );
};

const scenario = fc.array(stepArb, { minLength: 0, maxLength: 3 }).chain((steps) => fc.tuple(fc.constant(steps), fc.array(eventArb(steps), { minLength: 5, maxLength: 40, size: 'max' })));

/** Runs events through the chart as the server does (pure transition on the snapshot), checking each step. */
function run(events: ApprovalEvent[], onStep: (before: { state: ApprovalState; context: ApprovalContext }, event: ApprovalEvent, after: { state: ApprovalState; context: ApprovalContext }) => void) {
  let snap = approvalMachine.resolveState({ value: 'draft', context: { requesterId: REQUESTER, steps: [], step: 0, approvals: [], decidedBy: [], round: 0 } });
  for (const event of events) {
    const before = { state: snap.value as ApprovalState, context: snap.context };
    const [next] = transition(approvalMachine, snap, event);
    onStep(before, event, { state: next.value as ApprovalState, context: next.context });
    snap = next;
  }
}

describe('the approval chart under any sequence of events', () => {
  it('never lets the requester approve their own request', () => {
    fc.assert(
      fc.property(scenario, ([, events]) => {
        run(events, (_b, _e, after) => expect(after.context.approvals.every((a) => a.by !== REQUESTER)).toBe(true));
      }),
      { numRuns: 500 },
    );
  });

  it('never lets anyone decide twice in a round', () => {
    fc.assert(
      fc.property(scenario, ([, events]) => {
        run(events, (before, event, after) => {
          expect(new Set(after.context.decidedBy).size).toBe(after.context.decidedBy.length);
          if ('by' in event && before.context.decidedBy.includes(event.by) && before.context.round === after.context.round && before.state === 'inReview') {
            expect(after).toEqual(before);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('never skips a step: a step ends only with its approvals, from its own approvers, and approval needs every step', () => {
    fc.assert(
      fc.property(scenario, ([, events]) => {
        run(events, (before, _event, after) => {
          const done = (c: ApprovalContext, step: number) => c.approvals.filter((a) => a.step === step && c.steps[step]!.approvers.some((p) => p.id === a.by));
          if (after.state === 'inReview' && before.state === 'inReview' && after.context.step !== before.context.step) {
            expect(after.context.step).toBe(before.context.step + 1);
            expect(done(after.context, before.context.step).length).toBeGreaterThanOrEqual(after.context.steps[before.context.step]!.need);
          }
          if (after.state === 'approved' && before.state !== 'approved') {
            after.context.steps.forEach((s, i) => expect(done(after.context, i).length).toBeGreaterThanOrEqual(s.need));
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('changes nothing when it refuses an event, and takes every event it does not refuse', () => {
    fc.assert(
      fc.property(scenario, ([, events]) => {
        run(events, (before, event, after) => {
          const refused = refusal(before.state, before.context, event);
          if (refused) expect(after).toEqual(before);
          else if (event.type !== 'request.escalate') expect(after).not.toEqual(before);
        });
      }),
      { numRuns: 500 },
    );
  });
});
