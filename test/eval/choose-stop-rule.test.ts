import { describe, expect, it } from 'vitest';
import { chooseSimplest, isLeximinBetter, marginOf } from './choose-stop-rule.js';

describe('choosing the stop rule (tune-stop-rule.ts, C24)', () => {
  it('measures a set against the target by the smaller of the hit gap and the unused-character gap, in points', () => {
    const main = { hit: 63.4, unusedChars: 820 };
    // hit 2 points above main, unused characters at 40% of main's: 10 points inside on characters, 2 on hit
    expect(marginOf({ hit: 65.4, unusedChars: 328 }, main)).toBeCloseTo(2, 9);
    // MetaTool now: 62.0 at 415 characters (50.6% of main's) is 1.4 points short on hit
    expect(marginOf({ hit: 62.0, unusedChars: 415 }, main)).toBeCloseTo(-1.4, 9);
    // main's hit at 60% of its characters: 10 points short on characters
    expect(marginOf({ hit: 63.4, unusedChars: 492 }, main)).toBeCloseTo(-10, 9);
  });

  it('compares margins worst first, then the next, ignoring differences of 0.05 point or less', () => {
    expect(isLeximinBetter([-1.2, 3, 5], [5, -1.4, 9])).toBe(true);
    expect(isLeximinBetter([-1.4, 3], [-1.38, 2])).toBe(true); // the worst ties: the next decides
    expect(isLeximinBetter([-1.4, 2], [-1.38, 3])).toBe(false);
    expect(isLeximinBetter([-1.4, 2], [-1.4, 2])).toBe(false);
  });

  it('takes the family with the fewest parameters among those within 0.5 point of the best worst margin', () => {
    const sized = { name: 'sized', parameterCount: 2, margins: [-1.4, 2.1, 3.5] };
    const rankStep = { name: 'rank step', parameterCount: 3, margins: [-1.1, 2.1, 5.1] };
    const flat = { name: 'flat', parameterCount: 1, margins: [-6.2, 0, 1] };
    expect(chooseSimplest([flat, rankStep, sized])?.name).toBe('sized');
    // 0.6 point behind the best is not near-best: the better, larger rule wins
    expect(chooseSimplest([flat, rankStep, { ...sized, margins: [-1.7, 2, 3] }])?.name).toBe('rank step');
    // of two near-best rules of the same size, the leximin-better
    expect(chooseSimplest([{ ...sized, name: 'a', margins: [-1.4, 1] }, { ...sized, name: 'b', margins: [-1.4, 2] }])?.name).toBe('b');
    expect(chooseSimplest([])).toBeUndefined();
  });
});
