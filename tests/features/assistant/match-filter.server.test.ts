/** The index's filter for a question: groups of its words, common words never alone in a group. */
import { describe, expect, it } from 'vitest';
import { matchFilter } from '@server/features/assistant/passages.repo';

describe('the filter a question asks the index', () => {
  it('asks for any two of the words when none is common', () => {
    expect(matchFilter(['run', 'bill', 'test'], 2)).toBe(`('run' & 'bill') | ('run' & 'test') | ('bill' & 'test')`);
  });

  it('leaves out the groups made only of common words when the question has a rarer one', () => {
    expect(matchFilter(['run', 'bill', 'test', 'standard'], 2, new Set(['run', 'bill']))).toBe(
      `('run' & 'test') | ('run' & 'standard') | ('bill' & 'test') | ('bill' & 'standard') | ('test' & 'standard')`,
    );
    expect(matchFilter(['run', 'bill', 'test'], 1, new Set(['run', 'bill']))).toBe(`('test')`);
  });

  it('keeps every group when every word is common', () => {
    expect(matchFilter(['run', 'bill'], 2, new Set(['run', 'bill']))).toBe(`('run' & 'bill')`);
    expect(matchFilter(['run', 'bill'], 1, new Set(['run', 'bill']))).toBe(`('run') | ('bill')`);
  });
});
