import { describe, expect, it } from 'vitest';
import { en } from '../../../test-utils/messages';
import { addRefusal, budgetOf, moveBy, moveTo, titleFromFileName } from './budget';

describe('set budget', () => {
  it('budgetOf: counts chapters and seconds, the time left and whether it is over', () => {
    const b = budgetOf([{ duration: 3000 }, { duration: 2000 }, { duration: null }]);
    expect(b).toMatchObject({ chapters: 3, seconds: 5000, remaining: 400, overTime: false, overChapters: false, over: false });
    const over = budgetOf([{ duration: 5401 }]);
    expect(over).toMatchObject({ remaining: -1, overTime: true, over: true });
    expect(budgetOf(Array.from({ length: 100 }, () => ({ duration: 1 })))).toMatchObject({ overChapters: true, over: true });
  });

  it('budgetOf: a chapter moderators hid still counts (it keeps its place) and is told apart', () => {
    expect(
      budgetOf([
        { duration: 30, hiddenByModerators: true },
        { duration: 30, hiddenByModerators: false },
      ]),
    ).toMatchObject({ chapters: 2, seconds: 60, hidden: 1 });
  });

  it("addRefusal: the server's words past 90 minutes, the 99-chapter message, null when it fits", () => {
    const words = (refusal: ReturnType<typeof addRefusal>) => (refusal === null ? null : en(refusal));
    expect(words(addRefusal({ chapters: 3, seconds: 5000 }, 534))).toBe('This chapter would take the set past 90 minutes (92:14)');
    expect(addRefusal({ chapters: 3, seconds: 5000 }, 400)).toBeNull();
    expect(words(addRefusal({ chapters: 99, seconds: 10 }, 1))).toBe('A Creative Tonie holds at most 99 chapters.');
    expect(words(addRefusal({ chapters: 1, seconds: 10 }, null))).toBe('This audio file has no known duration, so it cannot be added to a set.');
  });

  it('titleFromFileName: the name without extension; a too short one gets the prefix', () => {
    const short = (n: string) => `Chapter ${n}`;
    expect(titleFromFileName('03 The_Moon.mp3', short)).toBe('03 The Moon');
    expect(titleFromFileName('01.wav', short)).toBe('Chapter 01');
    expect(titleFromFileName(`${'x'.repeat(300)}.wav`, short)).toHaveLength(200);
  });

  it('moveBy / moveTo: one place up or down, unchanged at the ends', () => {
    expect(moveBy([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moveTo(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
